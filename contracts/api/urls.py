from django.urls import path

from contracts.api import contracts, issues, reviews

urlpatterns = [
    path("contracts", contracts.ContractListCreateApi.as_view(), name="api-contracts"),
    path("contracts/<int:contract_id>", contracts.ContractDetailApi.as_view(), name="api-contract"),
    path("contracts/<int:contract_id>/sections", contracts.SectionListApi.as_view(), name="api-contract-sections"),
    path("contracts/<int:contract_id>/sections/merge", contracts.SectionMergeApi.as_view(),
         name="api-contract-sections-merge"),
    path("contracts/<int:contract_id>/sections/<int:section_id>/split", contracts.SectionSplitApi.as_view(),
         name="api-contract-section-split"),
    path("contracts/<int:contract_id>/export", contracts.ExportApi.as_view(), name="api-contract-export"),
    path("contracts/<int:contract_id>/issues", issues.IssueListCreateApi.as_view(), name="api-contract-issues"),
    path("contracts/<int:contract_id>/issues/<int:issue_id>", issues.IssueDetailApi.as_view(),
         name="api-contract-issue"),
    path("contracts/<int:contract_id>/issues/<int:issue_id>/confirm", issues.IssueConfirmApi.as_view(),
         name="api-contract-issue-confirm"),
    path("contracts/<int:contract_id>/issues/<int:issue_id>/reject", issues.IssueRejectApi.as_view(),
         name="api-contract-issue-reject"),
    path("contracts/<int:contract_id>/issues/<int:issue_id>/history", issues.IssueHistoryApi.as_view(),
         name="api-contract-issue-history"),
    path("contracts/<int:contract_id>/reviews", reviews.ReviewListCreateApi.as_view(), name="api-contract-reviews"),
    path("contracts/<int:contract_id>/reviews/<int:run_id>", reviews.ReviewDetailApi.as_view(),
         name="api-contract-review"),
    path("contracts/<int:contract_id>/reviews/<int:run_id>/cancel", reviews.ReviewCancelApi.as_view(),
         name="api-contract-review-cancel"),
    path("contracts/<int:contract_id>/messages", reviews.MessageListCreateApi.as_view(),
         name="api-contract-messages"),
]
