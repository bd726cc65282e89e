"""Portal pages of 文书起草 (placeholder until the page lands)."""
from django.http import HttpResponse


def index(request):
    return HttpResponse("")


draft_new = draft_page = draft_preview = draft_render = draft_assist = draft_download = template_upload = index
