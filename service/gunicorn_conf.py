"""gunicorn's settings for the service: ``gunicorn -c service/gunicorn_conf.py 'service.app:create_app()'``, as
``make serve``, the ``Procfile`` and the tests start it (docs/api.md, "Serving").

- ``bind``: ``HOST`` (127.0.0.1) and ``PORT`` (8000) from the environment;
- ``workers``: ``WEB_CONCURRENCY`` (2) processes;
- ``worker_class``: gunicorn's gevent worker (``service.gunicorn_worker``): one greenlet per connection, so an
  event stream or a slow client costs a greenlet, not a thread;
- ``worker_connections``: ``WORKER_CONNECTIONS`` (10,000) connections at most per worker, event streams included.

Options given on gunicorn's command line win over these.
"""

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "service.gunicorn_worker.ProblemGeventWorker"
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "10000"))
