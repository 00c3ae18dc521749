# Realtime calls: the official SDK sends a WebRTC offer (raw application/sdp, and multipart with a session), gets
# the SDP answer and the call id from Location, hangs up, and gets the API's errors for control requests on a
# WebRTC call, an ended call and an unknown one; translation client secrets.

_OFFER = "\r\n".join([
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "m=audio 9 UDP/TLS/RTP/SAVPF 111", "c=IN IP4 0.0.0.0", "a=mid:0", "a=sendonly", "a=rtpmap:111 opus/48000/2",
]) + "\r\n"


@test
def openai_realtime_calls_webrtc_and_hangup():
    client = Ctx.openai()
    raw = client.realtime.calls.with_raw_response.create(sdp=_OFFER)
    expect(raw.http_response.status_code == 201, raw.http_response.status_code)
    location = raw.headers.get("location")
    expect(location and location.startswith("/v1/realtime/calls/rtc_"), location)
    answer = raw.http_response.text
    expect(answer.startswith("v=0\r\n") and "m=audio 9 UDP/TLS/RTP/SAVPF 111" in answer and "a=recvonly" in answer, answer)
    sent = recorded(Ctx.base, "/v1/realtime/calls")[-1]
    header = dict((name.lower(), value) for name, value in sent["headers"])
    expect(header.get("content-type") == "application/sdp" and sent["body"] == _OFFER, sent)

    with_session = client.realtime.calls.with_raw_response.create(sdp=_OFFER, session={"type": "realtime", "model": "gpt-realtime"})
    expect(with_session.http_response.status_code == 201, with_session.http_response.text)
    form = recorded(Ctx.base, "/v1/realtime/calls")[-1]
    expect('name="session"' in form["body"] and "application/json" in form["body"], form["body"])

    call_id = location.rsplit("/", 1)[-1]
    client.realtime.calls.hangup(call_id)
    expect(recorded(Ctx.base)[-1]["path"] == "/v1/realtime/calls/%s/hangup" % call_id, "hangup path")
    try:
        client.realtime.calls.hangup(call_id)
        raise AssertionError("hanging up an ended call must fail")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "call_id", error.body)
    try:
        client.realtime.calls.accept(call_id, type="realtime", model="gpt-realtime")
        raise AssertionError("a WebRTC call can't be accepted")
    except openai.BadRequestError:
        pass
    try:
        client.realtime.calls.reject("rtc_unknown", status_code=486)
        raise AssertionError("an unknown call is 404")
    except openai.NotFoundError:
        pass
    try:
        client.realtime.calls.refer("rtc_unknown", target_uri="tel:+14155550123")
        raise AssertionError("an unknown call is 404")
    except openai.NotFoundError:
        pass


@test
def openai_realtime_translation_client_secret():
    client = Ctx.openai()
    secret = client.realtime.translations.client_secrets.create(
        session={"model": "gpt-realtime-translate", "audio": {"output": {"language": "es"}}}, expires_after={"anchor": "created_at", "seconds": 60})
    expect(secret.value.startswith("ek_") and secret.session.type == "translation", secret)
    expect(secret.session.model == "gpt-realtime-translate" and secret.session.audio.output.language == "es", secret.session)
    try:
        client.realtime.translations.client_secrets.create(session={"model": ""})
        raise AssertionError("a session without a model is refused")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "session.model", error.body)
