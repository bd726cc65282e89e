from django.urls import path

from contracts.views import playbook, review

app_name = "contracts"

urlpatterns = [
    path("", review.index, name="index"),
    path("upload/", review.upload, name="upload"),
    path("<int:contract_id>/", review.detail, name="detail"),
    path("<int:contract_id>/edit/", review.update, name="update"),
    path("<int:contract_id>/delete/", review.delete, name="delete"),
    path("<int:contract_id>/sections/merge/", review.merge, name="merge"),
    path("<int:contract_id>/sections/<int:section_id>/split/", review.split, name="split"),
    path("<int:contract_id>/issues/<int:issue_id>/", review.issue_fragment, name="issue"),
    path("<int:contract_id>/issues/<int:issue_id>/action/", review.issue_action, name="issue-action"),
    path("playbook/", playbook.playbook, name="playbook"),
    path("playbook/<slug:code>/", playbook.playbook_rule, name="playbook-rule"),
]
