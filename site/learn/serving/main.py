# main.py: FastAPI serving agent-card.json from this folder.
#   uvicorn main:app --port 8080
# Run it behind the HTTPS proxy or platform that holds your certificate.
import hashlib
from pathlib import Path

from fastapi import FastAPI, Request, Response

CARD = Path(__file__).with_name("agent-card.json")
PATH = "/.well-known/agent-card.json"
HEADERS = {
    "Cache-Control": "public, max-age=300",
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "A2A-Version",
}
BODY = CARD.read_bytes()
# A strong ETag from the card's bytes: it changes whenever the card does.
ETAG = '"%s"' % hashlib.sha256(BODY).hexdigest()[:16]

app = FastAPI()


@app.get(PATH)
def agent_card(request: Request) -> Response:
    headers = {**HEADERS, "ETag": ETAG}
    known = request.headers.get("if-none-match", "").split(",")
    if ETAG in (tag.strip().removeprefix("W/") for tag in known):
        return Response(status_code=304, headers=headers)
    return Response(BODY, media_type="application/json", headers=headers)


# The preflight a browser sends before a GET with A2A-Version.
@app.options(PATH)
def agent_card_preflight() -> Response:
    return Response(status_code=204, headers=HEADERS)
