"""Static files: WhiteNoise serving straight from the apps' finders, with its index built once per process.

Django builds a handler's middleware once, so a server process indexes the static files once. But every
handler builds its own: each test client, and each in-process ASGI or WSGI application object. WhiteNoise's
middleware then lists and stats every static file of every app again (~190 files, ~40 ms here). Here the
index of the finders' files is kept per process, keyed by what decides it (the URL prefix, the static
dirs, the installed apps), and shared by every later middleware instance. What a request is served is
unchanged: the same files under the same URLs with the same headers.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from django.conf import settings
from whitenoise.middleware import WhiteNoiseMiddleware


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    _finder_index: ClassVar[dict[tuple[str, ...], dict[str, Any]]] = {}
    _index_lock: ClassVar[threading.Lock] = threading.Lock()

    def add_files_from_finders(self) -> None:
        key = (self.static_prefix, *map(str, settings.STATICFILES_DIRS), *settings.INSTALLED_APPS)
        with self._index_lock:
            index = self._finder_index.get(key)
            if index is None:
                kept, self.files = self.files, {}
                super().add_files_from_finders()
                index = self._finder_index[key] = self.files
                self.files = kept
        self.files.update(index)  # the finders' files win over STATIC_ROOT's, as in WhiteNoise
