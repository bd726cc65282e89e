from django.urls import path

from contracts.api import contracts, issues, reviews

urlpatterns = [
    path("contracts", contracts.ContractListCreateApi.as_view(), name="api-contracts"),
    path("contracts/<id:contract_id>", contracts.ContractDetailApi.as_view(), name="api-contract"),
    path("contracts/<id:contract_id>/sections", contracts.SectionListApi.as_view(), name="api-contract-sections"),
    path("contracts/<id:contract_id>/sections/merge", contracts.SectionMergeApi.as_view(),
         name="api-contract-sections-merge"),
    path("contracts/<id:contract_id>/sections/<id:section_id>/split", contracts.SectionSplitApi.as_view(),
         name="api-contract-section-split"),
    path("contracts/<id:contract_id>/export", contracts.ExportApi.as_view(), name="api-contract-export"),
    path("contracts/<id:contract_id>/terms", contracts.TermsApi.as_view(), name="api-contract-terms"),
    path("contracts/<id:contract_id>/compare", contracts.CompareApi.as_view(), name="api-contract-compare"),
    path("contracts/<id:contract_id>/issues", issues.IssueListCreateApi.as_view(), name="api-contract-issues"),
    path("contracts/<id:contract_id>/issues/<id:issue_id>", issues.IssueDetailApi.as_view(),
         name="api-contract-issue"),
    path("contracts/<id:contract_id>/issues/<id:issue_id>/confirm", issues.IssueConfirmApi.as_view(),
         name="api-contract-issue-confirm"),
    path("contracts/<id:contract_id>/issues/<id:issue_id>/reject", issues.IssueRejectApi.as_view(),
         name="api-contract-issue-reject"),
    path("contracts/<id:contract_id>/issues/<id:issue_id>/history", issues.IssueHistoryApi.as_view(),
         name="api-contract-issue-history"),
    path("contracts/<id:contract_id>/reviews", reviews.ReviewListCreateApi.as_view(), name="api-contract-reviews"),
    path("contracts/<id:contract_id>/reviews/<id:run_id>", reviews.ReviewDetailApi.as_view(),
         name="api-contract-review"),
    path("contracts/<id:contract_id>/reviews/<id:run_id>/cancel", reviews.ReviewCancelApi.as_view(),
         name="api-contract-review-cancel"),
    path("contracts/<id:contract_id>/messages", reviews.MessageListCreateApi.as_view(),
         name="api-contract-messages"),
]
