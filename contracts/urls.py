from django.urls import path

from contracts.views import playbook

app_name = "contracts"

urlpatterns = [
    path("playbook/", playbook.playbook, name="playbook"),
    path("playbook/<slug:code>/", playbook.playbook_rule, name="playbook-rule"),
]
