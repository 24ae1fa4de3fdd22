"""``/api/docs``: the API's reference, one plain page made from its OpenAPI description.

FastAPI's own docs page is Swagger UI loaded from a CDN: blank on a venue's
network without internet, and a page running someone else's script next to the
arbiter's session (issue 26).  FastAPI ships no copy of those files, so this page
is made here instead, on the server, from the same description
(``/api/openapi.json``): every operation with its parameters, request body and
answers, then the shapes of the bodies.  No script, no outside file, the app's
strict Content-Security-Policy.
"""

from __future__ import annotations

import html
import json
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from swisschess import i18n
from swisschess.i18n import gettext as _

METHODS = ("get", "post", "put", "patch", "delete")


def _code_list(out: list[str], label: str, items: list[tuple[str, str]]) -> None:
    """A titled list of ``<code>key</code>`` + HTML text (nothing when ``items`` is empty)."""
    if items:
        out.append(f"<h3>{_e(label)}</h3><ul>")
        out.extend(f"<li><code>{_e(key)}</code>{html}</li>" for key, html in items)
        out.append("</ul>")


def _e(text: Any) -> str:
    return html.escape(str(text))


def _type(schema: dict[str, Any]) -> str:
    """A schema in a few words: ``string``, ``array of integer``, ``NewPlayer``."""
    if "$ref" in schema:
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        return f'<a href="#schema-{_e(name)}">{_e(name)}</a>'
    if "anyOf" in schema:
        return " | ".join(_type(s) for s in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(_e(json.dumps(v)) for v in schema["enum"])
    if "const" in schema:
        return _e(json.dumps(schema["const"]))
    kind = str(schema.get("type", "any"))
    if kind == "array":
        items = schema.get("items", {})
        return "array of " + (_type(items) if isinstance(items, dict) else "any")
    return _e(kind)


def _operation(method: str, path: str, op: dict[str, Any]) -> list[str]:
    out = [f'<section class="card" id="{_e(op.get("operationId", method + path))}">',
           f"<h2><code>{method.upper()} {_e(path)}</code></h2>"]
    if op.get("summary"):
        out.append(f"<p><strong>{_e(op['summary'])}</strong></p>")
    if op.get("description"):
        out.append(f"<pre class=\"doc\">{_e(op['description'])}</pre>")
    params = op.get("parameters", [])
    if params:
        label = _("Parameters")
        out.append(f"<h3>{_e(label)}</h3><table><tbody>")
        for p in params:
            req = " *" if p.get("required") else ""
            out.append(f"<tr><td><code>{_e(p.get('name'))}</code>{req}</td>"
                       f"<td>{_e(p.get('in'))}</td><td>{_type(p.get('schema', {}))}</td>"
                       f"<td>{_e(p.get('description', ''))}</td></tr>")
        out.append("</tbody></table>")
    body = op.get("requestBody", {}).get("content", {})
    _code_list(out, _("Request body"), [(ctype, ": " + _type(spec.get("schema", {})))
                                         for ctype, spec in body.items()])
    _code_list(out, _("Answers"), [(code, " " + _e(spec.get("description", "")))
                                   for code, spec in op.get("responses", {}).items()])
    out.append("</section>")
    return out


def render(spec: dict[str, Any]) -> str:
    """The reference page of an OpenAPI description."""
    info = spec.get("info", {})
    title = f"{info.get('title', 'API')} {info.get('version', '')}".strip()
    out = ["<!doctype html>", f'<html lang="{_e(i18n.get_language())}"><head>'
           '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_e(title)}</title>",
           '<link rel="stylesheet" href="/static/style.css"></head><body><main>',
           f"<h1>{_e(title)}</h1>", f"<p>{_e(info.get('description', ''))}</p>",
           "<p>" + _e(_("The same description, for programs:")) +
           ' <a href="/api/openapi.json">/api/openapi.json</a></p>']
    for path, item in spec.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                out.extend(_operation(method, path, item[method]))
    schemas = spec.get("components", {}).get("schemas", {})
    if schemas:
        label = _("Shapes of the bodies")
        out.append(f"<h2>{_e(label)}</h2>")
        for name, schema in schemas.items():
            out.append(f'<section class="card" id="schema-{_e(name)}"><h3>{_e(name)}</h3>'
                       "<table><tbody>")
            required = set(schema.get("required", []))
            for prop, ps in schema.get("properties", {}).items():
                mark = " *" if prop in required else ""
                out.append(f"<tr><td><code>{_e(prop)}</code>{mark}</td><td>{_type(ps)}</td>"
                           f"<td>{_e(ps.get('description', ''))}</td></tr>")
            out.append("</tbody></table></section>")
    out.append("</main></body></html>")
    return "\n".join(out)


def install(app: FastAPI) -> None:
    """Serve :func:`render` of the app's description at ``/api/docs`` (create the
    app with ``docs_url=None``)."""

    @app.get("/api/docs", include_in_schema=False)
    def api_docs() -> HTMLResponse:
        return HTMLResponse(render(app.openapi()))
