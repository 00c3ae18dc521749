"""The official Python SDKs through the relay: a base URL and a client token, nothing else.

Run by OfficialClientTests with the repository's test venv (openai and anthropic pinned by scripts/prepare-tests):
    python official_sdks.py RELAY_BASE PROJECT TOKEN
Exits non-zero with the failing step on stderr.
"""
import sys

import anthropic
import openai


def main() -> None:
    base, project, token = sys.argv[1:4]
    client = openai.OpenAI(base_url=f"{base}/{project}/openai/v1", api_key=token, max_retries=0)
    chat = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Hello from Python"}], max_tokens=30
    )
    assert chat.choices[0].message.content, "chat answered"
    assert chat.usage and chat.usage.total_tokens > 0, "chat usage"
    text = ""
    with client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Stream please"}], max_tokens=30, stream=True
    ) as stream:
        for chunk in stream:
            assert chunk.usage is None, "no usage chunk the client didn't ask for"
            if chunk.choices and chunk.choices[0].delta.content:
                text += chunk.choices[0].delta.content
    assert text, "chat stream text"
    response = client.responses.create(model="gpt-4o-mini", input="Hello Responses", max_output_tokens=30)
    assert response.output_text, "responses answered"
    try:
        client.files.list()
        raise AssertionError("files.list must be refused")
    except openai.PermissionDeniedError:
        pass

    claude = anthropic.Anthropic(base_url=f"{base}/{project}/anthropic", api_key=token, max_retries=0)
    message = claude.messages.create(
        model="claude-haiku-4-5", max_tokens=30, messages=[{"role": "user", "content": "Hello Claude"}]
    )
    assert message.content and message.content[0].text, "message answered"
    with claude.messages.stream(
        model="claude-haiku-4-5", max_tokens=30, messages=[{"role": "user", "content": "Stream please"}]
    ) as stream:
        streamed = "".join(stream.text_stream)
    assert streamed, "message stream text"

    bad = openai.OpenAI(base_url=f"{base}/{project}/openai/v1", api_key=token + "x", max_retries=0)
    try:
        bad.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "hi"}])
        raise AssertionError("a forged token must be refused")
    except openai.AuthenticationError:
        pass
    print("ok")


if __name__ == "__main__":
    main()
