from django.urls import path

from research.api import views

urlpatterns = [
    path("predict", views.PredictApi.as_view(), name="api-predict"),
    path("research/tasks", views.TaskListCreateApi.as_view(), name="api-research-tasks"),
    path("research/tasks/<id:task_id>", views.TaskDetailApi.as_view(), name="api-research-task"),
    path("research/tasks/<id:task_id>/export/<str:kind>", views.TaskExportApi.as_view(), name="api-research-export"),
    path("research/tasks/<id:task_id>/cancel", views.TaskCancelApi.as_view(), name="api-research-cancel"),
    path("research/tasks/<id:task_id>/approve", views.TaskApproveApi.as_view(), name="api-research-approve"),
    path("research/tasks/<id:task_id>/replan", views.TaskReplanApi.as_view(), name="api-research-replan"),
    path("research/tasks/<id:task_id>/resume", views.TaskResumeApi.as_view(), name="api-research-resume"),
    path("research/tasks/<id:task_id>/attach", views.TaskAttachApi.as_view(), name="api-research-attach"),
]
