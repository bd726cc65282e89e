from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_login_failed
from django.core.exceptions import ValidationError

from core.proxies import client_address
from firm.authentication import LOCKED_MESSAGE
from firm.models import Matter, MatterMember
from firm.selectors import login_locked


class MatterForm(forms.Form):
    number = forms.CharField(label="案件编号", max_length=64)
    title = forms.CharField(label="名称", max_length=200)
    client = forms.CharField(label="委托人", max_length=200)
    description = forms.CharField(label="说明", widget=forms.Textarea(attrs={"rows": 3}), required=False)
    privileged = forms.BooleanField(label="保密事项（仅团队可见）", required=False)

    def clean_number(self) -> str:
        number = self.cleaned_data["number"].strip()
        if Matter.objects.filter(number=number).exists():
            raise forms.ValidationError("该案件编号已存在")
        return number


class MemberForm(forms.Form):
    username = forms.CharField(label="用户名", max_length=150)
    team_role = forms.ChoiceField(label="团队角色", choices=MatterMember.TeamRole.choices)

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise forms.ValidationError("找不到该用户")
        return user


class LoginForm(AuthenticationForm):
    """Django's login form, saying so when the account or address is locked out."""

    error_messages = {**AuthenticationForm.error_messages, "locked": LOCKED_MESSAGE}

    def clean(self) -> dict:
        username = self.cleaned_data.get("username") or ""
        if username and login_locked(username=username, address=client_address(self.request.META)
                                     if self.request is not None else ""):
            # still counted, so hammering a locked account keeps it locked
            user_login_failed.send(sender=__name__, credentials={"username": username}, request=self.request)
            raise ValidationError(self.error_messages["locked"], code="locked")
        return super().clean()
