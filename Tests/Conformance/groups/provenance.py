# Content provenance: the official SDK uploads an image the sandbox generated (recognised: C2PA and SynthID),
# another image (not), speech the sandbox made (SynthID) and a text file (refused).


@test
def openai_content_provenance_checks():
    client = Ctx.openai()
    image = client.images.generate(model="gpt-image-1", prompt="a lighthouse")
    png = base64.b64decode(image.data[0].b64_json)
    check = client.content_provenance_checks.create(file=("lighthouse.png", png, "image/png"))
    expect(check.object == "content_provenance_check", check)
    expect([(r.type, r.outcome) for r in check.results] == [("c2pa", "detected"), ("synthid", "detected")], check.results)
    expect(check.results[0].validation_state == "trusted", check.results[0])

    jpeg = b"\xff\xd8\xff\xe0\x00\x10JFIF"
    other = client.content_provenance_checks.create(file=("photo.jpg", jpeg, "image/jpeg"))
    expect(all(r.outcome == "not_detected" for r in other.results), other.results)

    speech = client.audio.speech.create(model="tts-1", input="Hello", voice="alloy")
    audio = client.content_provenance_checks.create(file=("hello.mp3", speech.content, "audio/mpeg"))
    expect([(r.type, r.outcome) for r in audio.results] == [("synthid", "detected")], audio.results)
    try:
        client.content_provenance_checks.create(file=("a.txt", b"hello", "text/plain"))
        raise AssertionError("a text file is refused")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "file", error.body)
