# Evals: the official SDK creates, retrieves, updates, lists and deletes evals; runs them on inline JSONL rows, on an
# uploaded JSONL file and on a completions source with a template (the sandbox samples its chat answer); polls runs
# to completion (the sandbox advances a run on each retrieve), lists, cancels and deletes runs, lists output items
# (by status) and retrieves one, and gets the API's errors.

EVAL_ITEM_SCHEMA = {
    "type": "object",
    "properties": {"question": {"type": "string"}, "expected": {"type": "string"}},
    "required": ["question", "expected"],
}


def eval_run_done(client, eval_id, run_id):
    """Retrieves the run until it is finished, and the statuses it went through."""
    seen = []

    def fetch():
        run = client.evals.runs.retrieve(run_id, eval_id=eval_id)
        seen.append(run.status)
        return run

    return poll(fetch, lambda run: run.status in ("completed", "failed", "canceled")), seen


@test
def openai_evals_lifecycle():
    client = Ctx.openai()
    created = client.evals.create(
        name="conformance",
        data_source_config={"type": "custom", "item_schema": EVAL_ITEM_SCHEMA, "include_sample_schema": True},
        testing_criteria=[{"type": "string_check", "name": "exact", "input": "{{sample.output_text}}",
                           "reference": "{{item.expected}}", "operation": "eq"}],
        metadata={"team": "sdk"})
    expect(created.object == "eval" and created.id and created.name == "conformance", created)
    expect(created.metadata == {"team": "sdk"} and created.data_source_config.type == "custom", created)
    schema = created.data_source_config.schema_
    expect(schema["properties"]["item"] == EVAL_ITEM_SCHEMA and schema["required"] == ["item", "sample"], schema)
    criterion = created.testing_criteria[0]
    expect(criterion.type == "string_check" and criterion.name == "exact" and criterion.operation == "eq", criterion)

    again = client.evals.retrieve(created.id)
    expect(again.id == created.id and again.created_at == created.created_at and again.name == "conformance", again)
    second = client.evals.create(
        name="second", data_source_config={"type": "custom", "item_schema": {"type": "object"}},
        testing_criteria=[{"type": "text_similarity", "name": "close", "input": "{{sample.output_text}}",
                           "reference": "{{item.reference}}", "evaluation_metric": "fuzzy_match", "pass_threshold": 0.7}])
    expect(second.testing_criteria[0].type == "text_similarity" and second.testing_criteria[0].pass_threshold == 0.7, second)
    updated = client.evals.update(created.id, name="renamed", metadata={"team": "platform"})
    expect(updated.id == created.id and updated.name == "renamed" and updated.metadata == {"team": "platform"}, updated)
    expect(client.evals.retrieve(created.id).name == "renamed", "the update was not kept")

    page = client.evals.list(limit=1)
    expect([e.id for e in page.data] == [created.id] and page.has_more, page)
    walked = [e.id for e in client.evals.list(limit=1)]
    expect(walked == [created.id, second.id], walked)
    newest = client.evals.list(order="desc")
    expect([e.id for e in newest.data] == [second.id, created.id], newest)
    # The update touched the first eval last, so by updated_at it comes after the second.
    by_update = client.evals.list(order_by="updated_at")
    expect([e.id for e in by_update.data] == [second.id, created.id], by_update)

    deleted = client.evals.delete(second.id)
    expect(deleted.deleted is True and deleted.eval_id == second.id and deleted.object == "eval.deleted", deleted)
    expect([e.id for e in client.evals.list().data] == [created.id], "the deleted eval is still listed")
    try:
        client.evals.retrieve(second.id)
        raise AssertionError("retrieved a deleted eval")
    except openai.NotFoundError as error:
        expect(error.body.get("param") == "eval_id" if isinstance(error.body, dict) else True, error.body)
    client.evals.delete(created.id)


@test
def openai_evals_runs():
    client = Ctx.openai()
    ev = client.evals.create(
        name="runs", data_source_config={"type": "custom", "item_schema": EVAL_ITEM_SCHEMA, "include_sample_schema": True},
        testing_criteria=[
            {"type": "string_check", "name": "mentions", "input": "{{sample.output_text}}", "reference": "{{item.question}}",
             "operation": "ilike"},
            {"type": "string_check", "name": "exact", "input": "{{sample.output_text}}", "reference": "{{item.expected}}",
             "operation": "eq"},
        ])

    # A completions run: each row's template is rendered and sampled, then graded.
    rows = [
        {"item": {"question": "Paris", "expected": "Hello from AISandbox! You said: Capital? Paris"}},
        {"item": {"question": "Rome", "expected": "nope"}},
    ]
    completions = {
        "type": "completions", "model": "gpt-4o-mini", "source": {"type": "file_content", "content": rows},
        "input_messages": {"type": "template", "template": [
            {"role": "system", "content": "Answer briefly."},
            {"role": "user", "content": "Capital? {{item.question}}"}]},
        "sampling_params": {"temperature": 0.2, "max_completion_tokens": 50},
    }
    run = client.evals.runs.create(ev.id, name="first", data_source=completions, metadata={"try": "1"})
    expect(run.object == "eval.run" and run.eval_id == ev.id and run.status == "queued" and run.name == "first", run)
    expect(run.model == "gpt-4o-mini" and run.data_source.type == "completions" and run.metadata == {"try": "1"}, run)
    expect(run.report_url and run.result_counts.total == 0, run)
    done, seen = eval_run_done(client, ev.id, run.id)
    expect(seen == ["in_progress", "completed"], seen)
    counts = done.result_counts
    expect((counts.total, counts.passed, counts.failed, counts.errored) == (2, 1, 1, 0), counts)
    per_criterion = [(r.testing_criteria, r.passed, r.failed) for r in done.per_testing_criteria_results]
    expect(per_criterion == [("mentions", 2, 0), ("exact", 1, 1)], per_criterion)
    usage = done.per_model_usage[0]
    expect(usage.model_name == "gpt-4o-mini" and usage.invocation_count == 2 and usage.total_tokens > 0, done.per_model_usage)
    expect(client.evals.runs.retrieve(run.id, eval_id=ev.id).status == "completed", "a completed run changed")

    items = client.evals.runs.output_items.list(run.id, eval_id=ev.id)
    expect([i.datasource_item_id for i in items.data] == [0, 1] and [i.status for i in items.data] == ["pass", "fail"], items)
    first = items.data[0]
    expect(first.object == "eval.run.output_item" and first.run_id == run.id and first.eval_id == ev.id, first)
    expect(first.datasource_item == rows[0]["item"], first.datasource_item)
    expect([m.content for m in first.sample.input] == ["Answer briefly.", "Capital? Paris"], first.sample.input)
    expect(first.sample.output[0].content == "Hello from AISandbox! You said: Capital? Paris", first.sample.output)
    expect(first.sample.model == "gpt-4o-mini" and first.sample.max_completion_tokens == 50, first.sample)
    expect([(r.name, r.passed, r.score) for r in first.results] == [("mentions", True, 1.0), ("exact", True, 1.0)], first.results)
    failing = client.evals.runs.output_items.list(run.id, eval_id=ev.id, status="fail")
    expect([i.datasource_item_id for i in failing.data] == [1], failing)
    expect([r.passed for r in failing.data[0].results] == [True, False], failing.data[0].results)
    passing = [i.id for i in client.evals.runs.output_items.list(run.id, eval_id=ev.id, status="pass", limit=1)]
    expect(passing == [first.id], passing)
    one = client.evals.runs.output_items.retrieve(first.id, eval_id=ev.id, run_id=run.id)
    expect(one.id == first.id and one.status == "pass" and one.sample.output[0].content == first.sample.output[0].content, one)

    # A JSONL run from an uploaded file: the rows bring their samples.
    lines = b'{"item": {"question": "a", "expected": "yes"}, "sample": {"output_text": "yes"}}\n' \
            b'{"item": {"question": "b", "expected": "yes"}, "sample": {"output_text": "no"}}\n' \
            b'{"item": {"question": "c", "expected": "c"}, "sample": {"output_text": "c"}}\n'
    uploaded = client.files.create(file=("rows.jsonl", lines), purpose="evals")
    from_file = client.evals.runs.create(ev.id, data_source={"type": "jsonl", "source": {"type": "file_id", "id": uploaded.id}})
    expect(from_file.data_source.type == "jsonl" and from_file.data_source.source.id == uploaded.id, from_file)
    done_file, _ = eval_run_done(client, ev.id, from_file.id)
    counts = done_file.result_counts
    # "mentions" (ilike question) passes only for c; "exact" passes for a and c.
    expect((counts.total, counts.passed, counts.failed, counts.errored) == (3, 1, 2, 0), counts)
    expect(done_file.per_model_usage == [], done_file.per_model_usage)

    # A JSONL run on inline rows.
    inline = client.evals.runs.create(ev.id, data_source={"type": "jsonl", "source": {"type": "file_content", "content": [
        {"item": {"question": "x", "expected": "x"}, "sample": {"output_text": "x"}}]}})
    expect(inline.data_source.source.type == "file_content" and inline.data_source.source.content[0].item["question"] == "x", inline)
    done_inline, _ = eval_run_done(client, ev.id, inline.id)
    expect(done_inline.result_counts.passed == 1 and done_inline.result_counts.total == 1, done_inline.result_counts)

    # Cancel: a queued run is canceled and stays so; a finished one can't be.
    queued = client.evals.runs.create(ev.id, data_source=completions)
    canceled = client.evals.runs.cancel(queued.id, eval_id=ev.id)
    expect(canceled.id == queued.id and canceled.status == "canceled", canceled)
    expect(client.evals.runs.retrieve(queued.id, eval_id=ev.id).status == "canceled", "a canceled run moved on")
    try:
        client.evals.runs.cancel(run.id, eval_id=ev.id)
        raise AssertionError("canceled a completed run")
    except openai.ConflictError:
        pass

    listed = client.evals.runs.list(ev.id)
    expect([r.id for r in listed.data] == [run.id, from_file.id, inline.id, queued.id], listed)
    expect([r.id for r in client.evals.runs.list(ev.id, status="canceled").data] == [queued.id], "status filter")
    expect([r.id for r in client.evals.runs.list(ev.id, order="desc", limit=2).data] == [queued.id, inline.id], "desc page")
    walked = [r.id for r in client.evals.runs.list(ev.id, limit=1)]
    expect(walked == [run.id, from_file.id, inline.id, queued.id], walked)

    deleted = client.evals.runs.delete(run.id, eval_id=ev.id)
    expect(deleted.deleted is True and deleted.run_id == run.id and deleted.object == "eval.run.deleted", deleted)
    for call in (lambda: client.evals.runs.retrieve(run.id, eval_id=ev.id),
                 lambda: client.evals.runs.output_items.list(run.id, eval_id=ev.id),
                 lambda: client.evals.runs.output_items.retrieve("outputitem_missing", eval_id=ev.id, run_id=from_file.id),
                 lambda: client.evals.runs.delete(run.id, eval_id=ev.id)):
        try:
            call()
            raise AssertionError("a call on a deleted run or missing item succeeded")
        except openai.NotFoundError:
            pass
    client.evals.delete(ev.id)
    try:
        client.evals.runs.list(ev.id)
        raise AssertionError("listed the runs of a deleted eval")
    except openai.NotFoundError:
        pass


@test
def openai_evals_errors():
    client = Ctx.openai()
    try:
        client.evals.retrieve("eval_missing")
        raise AssertionError("retrieved a missing eval")
    except openai.NotFoundError as error:
        expect(error.status_code == 404 and isinstance(error.body, dict) and error.body.get("param") == "eval_id", error.body)
    config = {"type": "custom", "item_schema": {"type": "object"}}
    for kwargs, param in (
        ({"data_source_config": config, "testing_criteria": [
            {"type": "string_check", "name": "x", "input": "a", "reference": "b", "operation": "regex"}]},
         "testing_criteria[0].operation"),
        ({"data_source_config": {"type": "files"}, "testing_criteria": []}, "data_source_config.type"),
    ):
        try:
            client.evals.create(**kwargs)
            raise AssertionError("accepted %r" % kwargs)
        except openai.BadRequestError as error:
            expect(error.status_code == 400 and error.body.get("param") == param, (kwargs, error.body))
    ev = client.evals.create(data_source_config=config, testing_criteria=[])
    for data_source, param in (
        ({"type": "completions", "model": "gpt-4o-mini", "source": {"type": "file_content", "content": [{"item": {}}]}},
         "data_source.input_messages"),
        ({"type": "jsonl", "source": {"type": "file_id", "id": "file-missing"}}, "data_source.source.id"),
        ({"type": "jsonl", "source": {"type": "file_content", "content": [{"sample": {}}]}}, "data_source.source.content[0].item"),
    ):
        try:
            client.evals.runs.create(ev.id, data_source=data_source)
            raise AssertionError("accepted %r" % data_source)
        except openai.BadRequestError as error:
            expect(error.body.get("param") == param, (data_source, error.body))
    run = client.evals.runs.create(ev.id, data_source={"type": "jsonl", "source": {"type": "file_content", "content": []}})
    try:
        client.evals.runs.output_items.list(run.id, eval_id=ev.id, status="maybe")
        raise AssertionError("accepted output item status 'maybe'")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "status", error.body)
    try:
        client.evals.list(limit=1000)
        raise AssertionError("accepted limit 1000")
    except openai.BadRequestError as error:
        expect(error.body.get("param") == "limit", error.body)
    client.evals.delete(ev.id)
