"""The invite routes (issue 27): the table's link and its QR code, for whoever may see the link. A private table's
secret goes only to someone who gives it or holds a seat there."""

from __future__ import annotations

import io

import segno
from server_helpers import new_player, new_table
from starlette.testclient import TestClient


def qr_of(text: str) -> bytes:
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=8, border=4, xmldecl=False)
    return out.getvalue()


def test_a_public_tables_invite_is_for_anyone(client: TestClient) -> None:
    table = new_table(client, new_player(client), private=False)
    answer = client.get(f"/api/tables/{table['id']}/invite")
    assert answer.status_code == 200
    link = f"http://testserver/table/{table['id']}"
    assert answer.json() == {"link": link, "qr": f"/api/tables/{table['id']}/invite.svg"}
    svg = client.get(answer.json()["qr"])
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    assert svg.headers["cache-control"] == "no-store"
    assert svg.content == qr_of(link)  # the QR code holds the link


def test_a_private_tables_invite_needs_its_secret_or_a_seat(client: TestClient) -> None:
    creator = new_player(client)
    table = new_table(client, creator, private=True, sit=True)
    secret = table["secret"]
    base = f"/api/tables/{table['id']}"
    link = f"http://testserver/table/{table['id']}#secret={secret}"
    other = new_player(client, "Bob")
    for headers in ({}, {"x-token": other}, {"x-token": "nonsense"}):
        for path in (f"{base}/invite", f"{base}/invite.svg", f"{base}/invite.svg?secret=wrong"):
            refused = client.get(path, headers=headers)
            assert refused.status_code == 403, (path, headers)
            assert secret not in refused.text
            assert refused.json()["error"] == "This table is private: open it with its invite link."
    with_secret = client.get(f"{base}/invite", params={"secret": secret})
    assert with_secret.json() == {"link": link, "qr": f"{base}/invite.svg?secret={secret}"}
    seated = client.get(f"{base}/invite", headers={"x-token": creator})  # a seat holder whose page lacks the secret
    assert seated.status_code == 200 and seated.json()["link"] == link
    svg = client.get(f"{base}/invite.svg", params={"secret": secret})
    assert svg.status_code == 200 and svg.content == qr_of(link)


def test_an_unknown_table_has_no_invite(client: TestClient) -> None:
    for path in ("/api/tables/abc123/invite", "/api/tables/abc123/invite.svg", "/api/tables/no%20such/invite.svg"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json()["error"] == "No such table."
