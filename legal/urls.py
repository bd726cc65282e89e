from django.urls import path

from legal import views

app_name = "legal"

urlpatterns = [
    path("", views.card_index, name="index"),
    path("<int:card_id>/", views.card_page, name="card"),
    path("<int:card_id>/versions/<int:version_id>/approve", views.version_approve, name="approve"),
    path("<int:card_id>/versions/<int:version_id>/reject", views.version_reject, name="reject"),
]
