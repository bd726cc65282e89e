from django.urls import path

from contracts.views import compare, playbook, review

app_name = "contracts"

urlpatterns = [
    path("", review.index, name="index"),
    path("upload/", review.upload, name="upload"),
    path("<id:contract_id>/", review.detail, name="detail"),
    path("<id:contract_id>/edit/", review.update, name="update"),
    path("<id:contract_id>/delete/", review.delete, name="delete"),
    path("<id:contract_id>/compare/", compare.compare, name="compare"),
    path("<id:contract_id>/sections/merge/", review.merge, name="merge"),
    path("<id:contract_id>/sections/<id:section_id>/split/", review.split, name="split"),
    path("<id:contract_id>/issues/<id:issue_id>/", review.issue_fragment, name="issue"),
    path("<id:contract_id>/issues/<id:issue_id>/action/", review.issue_action, name="issue-action"),
    path("playbook/", playbook.playbook, name="playbook"),
    path("playbook/<slug:code>/", playbook.playbook_rule, name="playbook-rule"),
]
