"""WSGI entry point (daphne is the server that LegalSite runs; this is for tooling)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
application = get_wsgi_application()
