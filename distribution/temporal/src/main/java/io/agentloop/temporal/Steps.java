package io.agentloop.temporal;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * A run's effects as activities: each carries one step out on a worker with the agent of that name
 * and returns its outcome with the events and record lines it made. Inputs and outcomes are JSON
 * text ({@link Wire}).
 */
@ActivityInterface
public interface Steps {

    /** One model call (the agent's retry policy inside it): {@code {run_id, agent, messages, tool_choice, response_schema?}}. */
    @ActivityMethod(name = "CallModel")
    String callModel(String step);

    /** One tool call: {@code {run_id, agent, call, approved, remember}}. */
    @ActivityMethod(name = "CallTool")
    String callTool(String step);

    /**
     * The agent's pre-reply hooks on the run's input, before its first decision:
     * {@code {run_id, agent, parent_run_id?, messages}}; the messages the run starts from, or why not.
     */
    @ActivityMethod(name = "BeforeReply")
    String beforeReply(String step);

    /**
     * The agent's post-reply hooks on the run's result, after its last decision:
     * {@code {run_id, agent, parent_run_id?, result}}; the result to hand over, or why not.
     */
    @ActivityMethod(name = "AfterReply")
    String afterReply(String step);

    /** One compaction: {@code {run_id, agent, messages, target_messages, target_tokens}}. */
    @ActivityMethod(name = "Compact")
    String compact(String step);
}
