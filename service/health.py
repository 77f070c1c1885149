"""``GET /health``: liveness of the service."""

from __future__ import annotations

from flask import current_app
from marshmallow import Schema, fields

from service.parsing import Blueprint

blp = Blueprint("health", __name__, url_prefix="/health", description="Service liveness")


class HealthSchema(Schema):
    """``{"status": "ok", "version": "..."}``."""

    status = fields.String(required=True, metadata={"example": "ok"})
    version = fields.String(required=True)


@blp.route("")
@blp.response(200, HealthSchema)
def health():
    """Is the service up? Answers 200 with status ``ok`` once the catalog has loaded."""
    return {"status": "ok", "version": current_app.config["API_VERSION"]}
