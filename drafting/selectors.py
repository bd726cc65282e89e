"""Reads of the drafting app, scoped to the asking user.

- templates: staff see shipped templates and the firm's templates with an approved version;
  admins see every template (pending uploads included, to approve them);
- drafts: the owner's, and those of matters whose team the user is on (``firm.selectors.visible_to``);
  absent or walled off is the same 404.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, Model, OuterRef, Q, QuerySet
from django.http import Http404

from core.hooks import hook_call
from drafting.models import DocumentTemplate, Draft, DraftVersion, TemplateVersion
from drafting.prefill import Known
from firm.roles import does_client_work, is_admin
from firm.selectors import scope_to_work, visible_to

UserLike = AbstractBaseUser | AnonymousUser


def _approved() -> Exists:
    return Exists(TemplateVersion.objects.filter(template=OuterRef("pk"), status=TemplateVersion.Status.APPROVED))


def template_list(*, user: UserLike, query: str = "", category: str = "", include_pending: bool = False
                  ) -> QuerySet[DocumentTemplate]:
    """Templates the user may draft from (approved), best matches first when ``query`` is given:
    every word of the query must appear in the name, category, description or keywords."""
    if not does_client_work(user):
        return DocumentTemplate.objects.none()
    queryset = DocumentTemplate.objects.all()
    if not (include_pending and is_admin(user)):
        queryset = queryset.filter(_approved())
    if category:
        queryset = queryset.filter(category=category)
    for word in query.split():
        queryset = queryset.filter(Q(name__icontains=word) | Q(category__icontains=word)
                                   | Q(description__icontains=word) | Q(keywords__icontains=word))
    return queryset.order_by("source", "category", "name")


def template_search(*, user: UserLike, query: str, limit: int = 5) -> list[DocumentTemplate]:
    """Templates for a free-text request (起诉张三还钱 → 民间借贷 complaint): scored by how many
    of the template's keywords and name characters' bigrams the text contains."""
    candidates = list(template_list(user=user))
    text = query.strip()

    def score(template: DocumentTemplate) -> float:
        words = [w for w in template.keywords.split() if w]
        hits = sum(2 for word in words if word in text)
        name = template.name
        bigrams = {name[i:i + 2] for i in range(len(name) - 1)}
        hits += sum(1 for gram in bigrams if gram in text)
        return hits

    ranked = sorted(((score(t), t) for t in candidates), key=lambda pair: -pair[0])
    return [template for points, template in ranked if points > 0][:limit]


def template_get(*, user: UserLike, template_id: int | str) -> DocumentTemplate:
    """By id or slug; raises Http404 when absent or not usable by the user."""
    queryset = template_list(user=user, include_pending=True)
    lookup = {"pk": int(template_id)} if str(template_id).isdigit() else {"slug": template_id}
    try:
        return queryset.get(**lookup)
    except DocumentTemplate.DoesNotExist:
        raise Http404("模板不存在") from None


def template_current(*, template: DocumentTemplate) -> TemplateVersion | None:
    """The latest approved version (what staff draft from)."""
    return template.versions.filter(status=TemplateVersion.Status.APPROVED).order_by("-number").first()


def template_latest(*, template: DocumentTemplate) -> TemplateVersion | None:
    return template.versions.order_by("-number").first()


def template_version_get(*, user: UserLike, version_id: int) -> TemplateVersion:
    if not is_admin(user):
        raise Http404("模板版本不存在")
    try:
        return TemplateVersion.objects.select_related("template").get(pk=version_id)
    except TemplateVersion.DoesNotExist:
        raise Http404("模板版本不存在") from None


def template_version_for_editor(*, user: UserLike, version_id: int) -> TemplateVersion:
    """A version its uploader or an admin may edit; Http404 otherwise."""
    version = TemplateVersion.objects.select_related("template").filter(pk=version_id).first()
    if version is None or not (is_admin(user) or version.created_by_id == user.pk):
        raise Http404("模板版本不存在")
    return version


def draft_list(*, user: UserLike, matter_id: int | None = None) -> QuerySet[Draft]:
    queryset = visible_to(Draft, user=user).select_related("template", "template_version",
                                                                               "matter", "owner")
    if matter_id is not None:
        queryset = queryset.filter(matter_id=matter_id)
    return queryset


def draft_get_or_404(*, user: UserLike, draft_id: int) -> Draft:
    try:
        return draft_list(user=user).get(pk=draft_id)
    except Draft.DoesNotExist:
        raise Http404("文书不存在或无权查看") from None


def draft_versions(*, draft: Draft) -> QuerySet[DraftVersion]:
    return draft.versions.defer("docx").select_related("created_by").order_by("-number")


def draft_version_get_or_404(*, draft: Draft, number: int | None = None) -> DraftVersion:
    """A rendered version of a draft the caller may already see (the latest when ``number`` is None)."""
    queryset = draft.versions.order_by("-number")
    found = queryset.filter(number=number).first() if number is not None else queryset.first()
    if found is None:
        raise Http404("该版本不存在")
    return found


def drafts_in_scope(*, user: UserLike, matter_id: int | None) -> QuerySet[Draft]:
    """What an agent working for ``user`` within ``matter_id`` may read (docs/decisions/tool-scope.md)."""
    return scope_to_work(Draft, user=user, matter_id=matter_id)


def session_for_user(*, user: UserLike, session_id: int) -> Model:
    """The chat session ``session_id`` as ``user`` may see it (chat's hook); absent or walled off is 404."""
    return hook_call("chat.session_get_or_404", user=user, session_id=session_id)


def chat_known(*, session: Model) -> Known:
    """What a chat session tells a draft: its state memory, the user's messages, and the citations
    the answers verified as valid (chat's hook ``chat.session_facts``)."""
    return Known(**hook_call("chat.session_facts", session=session))
