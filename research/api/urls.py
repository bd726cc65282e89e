from django.urls import path

from research.api import views

urlpatterns = [
    path("predict", views.PredictApi.as_view(), name="api-predict"),
    path("research/tasks", views.TaskListCreateApi.as_view(), name="api-research-tasks"),
    path("research/tasks/<id:task_id>", views.TaskDetailApi.as_view(), name="api-research-task"),
    path("research/tasks/<id:task_id>/export/<str:kind>", views.TaskExportApi.as_view(), name="api-research-export"),
    path("research/tasks/<id:task_id>/<str:action>", views.TaskActionApi.as_view(), name="api-research-action"),
]
