package io.agentloop.temporal;

import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.util.List;

/**
 * One agent run as a Temporal workflow. Every payload is JSON text ({@link Wire}): the order
 * ({@code run_id}, {@code agent}, the {@code history} messages and the {@code task}, optional {@code output_schema} and
 * {@code parent_run_id}) and the result ({@code RunResult} fields).
 */
@WorkflowInterface
public interface AgentRun {

    /** The workflow's type name, as other SDKs and Temporal's CLI know it. */
    String TYPE = "AgentRun";

    @WorkflowMethod(name = TYPE)
    String run(String order);

    /**
     * Decisions on calls that wait for a person: {@code [{call_id, approval, reason?}]}, as a JSON
     * array (what {@code temporal workflow signal --input} sends) or as one JSON string holding it
     * (what the engine's own client sent at first). The first decision on a call is the one the run carries out;
     * later ones on the same call are dropped, so a call runs at most once however many people,
     * commands and requests decide it. A decision is taken only for a call that waits when it
     * arrives and holds for that pause alone: one sent ahead, or for a call decided before, is
     * dropped, so it cannot approve a later call that has the same id.
     */
    @SignalMethod(name = "decide")
    void decide(Object decisions);

    /** The signal that carries a step's events while it runs ({@link #stream}). */
    String STREAM = "stream";

    /**
     * Events of a step under way, in order (a JSON array of event objects), sent by the worker
     * carrying it out as they happen, so the run's stream shows a model's text as it comes; the
     * step's outcome then holds only what was not sent this way.
     */
    @SignalMethod(name = STREAM)
    void stream(String events);

    /** The run's events from the {@code from}-th on, one JSON object each (the {@code --json} event model). */
    @QueryMethod(name = "events")
    List<String> events(int from);

    /** The run's record lines from the {@code from}-th on, for the starter's session. */
    @QueryMethod(name = "journal")
    List<String> journal(int from);

    /**
     * The run's result once it ended, empty before. A workflow cancelled by a request ends as
     * cancelled in Temporal whatever its method returned, so the run's own result is read here.
     */
    @QueryMethod(name = "result")
    String result();

    /**
     * The calls that wait for a person's decision now and have none yet, one JSON object each
     * ({@code call}, {@code reasons}): a call decided already is not listed.
     */
    @QueryMethod(name = "waiting")
    List<String> waiting();
}
