# Fine-tuning today: the official SDK pauses and resumes a job, grants, lists and withdraws checkpoint permissions,
# validates and runs graders of every type (string_check and text_similarity evaluated for real), and creates a
# reinforcement job with a grader.


def _running_job(client, model="gpt-4o-mini-2024-07-18", **extra):
    training = client.files.create(file=("train.jsonl", b'{"messages":[{"role":"user","content":"hi"}]}\n'), purpose="fine-tune")
    job = client.fine_tuning.jobs.create(model=model, training_file=training.id, **extra)
    client.fine_tuning.jobs.retrieve(job.id)
    return client.fine_tuning.jobs.retrieve(job.id)


@test
def openai_fine_tuning_pause_resume():
    client = Ctx.openai()
    job = _running_job(client)
    expect(job.status == "running", job)
    paused = client.fine_tuning.jobs.pause(job.id)
    expect(paused.status == "paused" and client.fine_tuning.jobs.retrieve(job.id).status == "paused", paused)
    try:
        client.fine_tuning.jobs.pause(job.id)
        raise AssertionError("a paused job was paused again")
    except openai.BadRequestError as error:
        expect(error.body.get("type") == "invalid_request_error", error.body)
    expect(client.fine_tuning.jobs.resume(job.id).status == "running", "resumed")
    try:
        client.fine_tuning.jobs.resume("ftjob-missing")
        raise AssertionError("an unknown job was resumed")
    except openai.NotFoundError:
        pass


@test
def openai_fine_tuning_checkpoint_permissions():
    client = Ctx.openai()
    job = _running_job(client)
    client.fine_tuning.jobs.retrieve(job.id)
    checkpoint = client.fine_tuning.jobs.checkpoints.list(job.id).data[0].fine_tuned_model_checkpoint
    created = client.fine_tuning.checkpoints.permissions.create(checkpoint, project_ids=["proj_a", "proj_b"])
    expect([p.project_id for p in created.data] == ["proj_a", "proj_b"] and created.data[0].object == "checkpoint.permission", created)
    listed = client.fine_tuning.checkpoints.permissions.list(checkpoint)
    expect([p.project_id for p in listed.data] == ["proj_b", "proj_a"], listed)
    ascending = client.fine_tuning.checkpoints.permissions.list(checkpoint, order="ascending", limit=1)
    expect([p.project_id for p in ascending.data] == ["proj_a"] and ascending.has_more, ascending)
    only = client.fine_tuning.checkpoints.permissions.list(checkpoint, project_id="proj_b")
    expect([p.project_id for p in only.data] == ["proj_b"], only)
    deleted = client.fine_tuning.checkpoints.permissions.delete(created.data[0].id, fine_tuned_model_checkpoint=checkpoint)
    expect(deleted.deleted and deleted.id == created.data[0].id, deleted)
    try:
        client.fine_tuning.checkpoints.permissions.delete(created.data[0].id, fine_tuned_model_checkpoint=checkpoint)
        raise AssertionError("a deleted permission was deleted again")
    except openai.NotFoundError:
        pass


@test
def openai_graders_run_and_validate():
    client = Ctx.openai()
    exact = {"type": "string_check", "name": "exact", "input": "{{sample.output_text}}", "reference": "{{item.answer}}", "operation": "eq"}
    run = client.fine_tuning.alpha.graders.run(grader=exact, model_sample="Paris", item={"answer": "Paris"})
    expect(run.reward == 1 and run.metadata.name == "exact" and run.metadata.type == "string_check", run)
    expect(not run.metadata.errors.invalid_variable_error, run.metadata.errors)
    expect(client.fine_tuning.alpha.graders.run(grader=exact, model_sample="Lyon", item={"answer": "Paris"}).reward == 0, "ne")

    similar = {"type": "text_similarity", "name": "sim", "input": "{{sample.output_text}}", "reference": "the cat sat on the mat",
               "evaluation_metric": "rouge_1"}
    close = client.fine_tuning.alpha.graders.run(grader=similar, model_sample="the cat sat on a mat").reward
    expect(abs(close - 5 / 6) < 1e-9, close)
    python = {"type": "python", "name": "py", "source": "def grade(sample, item):\n    return 1.0\n"}
    first = client.fine_tuning.alpha.graders.run(grader=python, model_sample="x").reward
    expect(0 <= first <= 1 and client.fine_tuning.alpha.graders.run(grader=python, model_sample="x").reward == first, first)
    score = {"type": "score_model", "name": "s", "model": "o4-mini", "range": [1, 5],
             "input": [{"role": "user", "content": "Rate {{sample.output_text}}"}]}
    scored = client.fine_tuning.alpha.graders.run(grader=score, model_sample="good")
    expect(1 <= scored.reward <= 5, scored)
    label = {"type": "label_model", "name": "l", "model": "gpt-4o-mini", "labels": ["positive", "negative"],
             "passing_labels": ["positive"], "input": [{"role": "user", "content": "{{sample.output_text}}"}]}
    expect(client.fine_tuning.alpha.graders.run(grader=label, model_sample="positive").reward == 1, "label")
    multi = {"type": "multi", "name": "m", "graders": {"exact": exact, "sim": similar}, "calculate_output": "0.5 * exact + 0.5 * sim"}
    combined = client.fine_tuning.alpha.graders.run(grader=multi, model_sample="the cat sat on the mat", item={"answer": "the cat sat on the mat"})
    expect(combined.reward == 1, combined)

    validated = client.fine_tuning.alpha.graders.validate(grader=similar)
    expect(validated.grader.type == "text_similarity" and validated.grader.evaluation_metric == "rouge_1", validated)
    try:
        client.fine_tuning.alpha.graders.validate(grader={**exact, "operation": "equals"})
        raise AssertionError("an unknown operation was accepted")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "grader.operation", error.body)


@test
def openai_fine_tuning_reinforcement_method():
    client = Ctx.openai()
    training = client.files.create(file=("rft.jsonl", b'{"messages":[{"role":"user","content":"2+2?"}],"answer":"4"}\n'), purpose="fine-tune")
    grader = {"type": "string_check", "name": "exact", "input": "{{sample.output_text}}", "reference": "{{item.answer}}", "operation": "eq"}
    job = client.fine_tuning.jobs.create(
        model="o4-mini-2025-04-16", training_file=training.id,
        method={"type": "reinforcement", "reinforcement": {"grader": grader, "hyperparameters": {"reasoning_effort": "low"}}})
    expect(job.method.type == "reinforcement" and job.method.reinforcement.grader.name == "exact", job.method)
    try:
        client.fine_tuning.jobs.create(
            model="o4-mini-2025-04-16", training_file=training.id, method={"type": "reinforcement", "reinforcement": {}})
        raise AssertionError("a reinforcement job without a grader was accepted")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "method.reinforcement.grader", error.body)
