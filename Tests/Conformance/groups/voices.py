# Custom voices: the official SDK uploads consent recordings (multipart), lists, pages, renames and deletes them,
# makes a voice from a sample, speaks with it as {"id": …}, deletes it, and gets the API's errors.


@test
def openai_voice_consents_and_voices():
    client = Ctx.openai()
    consent = client.audio.voice_consents.create(name="Ada", language="en-US", recording=("consent.wav", b"RIFF\0\0\0\0WAVEfmt ", "audio/wav"))
    expect(consent.object == "audio.voice_consent" and consent.id.startswith("cons_") and consent.language == "en-US", consent)
    other = client.audio.voice_consents.create(name="Grace", language="en-GB", recording=("g.mp3", b"ID3sample", "audio/mpeg"))
    page = client.audio.voice_consents.list(limit=1)
    expect([c.id for c in page.data] == [consent.id] and page.has_more, page)
    expect([c.id for c in client.audio.voice_consents.list(limit=1)] == [consent.id, other.id], "auto-paging")
    expect(client.audio.voice_consents.retrieve(consent.id).name == "Ada", "retrieve")
    expect(client.audio.voice_consents.update(consent.id, name="Ada L.").name == "Ada L.", "update")

    voice = client.audio.voices.create(name="Narrator", consent=consent.id, audio_sample=("sample.mp3", b"ID3sample", "audio/mpeg"))
    expect(voice.object == "audio.voice" and voice.id.startswith("voice_") and voice.type == "audio_sample", voice)
    speech = client.audio.speech.create(model="gpt-4o-mini-tts", input="Hello", voice={"id": voice.id})
    expect(is_mp3(speech.content), "speech in a custom voice")
    expect(client.audio.voices.delete(voice.id).deleted, "voice deleted")
    try:
        client.audio.speech.create(model="gpt-4o-mini-tts", input="Hello", voice={"id": voice.id})
        raise AssertionError("a deleted voice can't speak")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "voice", error.body)

    deleted = client.audio.voice_consents.delete(consent.id)
    expect(deleted.deleted and deleted.id == consent.id, deleted)
    try:
        client.audio.voice_consents.retrieve(consent.id)
        raise AssertionError("a deleted consent is 404")
    except openai.NotFoundError:
        pass
    try:
        client.audio.voices.create(name="X", consent=consent.id, audio_sample=("s.mp3", b"ID3", "audio/mpeg"))
        raise AssertionError("a voice needs an existing consent")
    except openai.NotFoundError:
        pass
    try:
        client.audio.voice_consents.create(name="X", language="en-US", recording=("notes.txt", b"hello", "text/plain"))
        raise AssertionError("a consent must be audio")
    except openai.BadRequestError as error:
        expect(error.body["param"] == "recording", error.body)
