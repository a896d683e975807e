package io.agentloop.plugins.otel;

import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/**
 * The names this plugin writes: span names, attributes and metrics of the OpenTelemetry semantic
 * conventions for generative AI, revision <b>1.37.0</b> (GenAI spans, agent spans and metrics, all of
 * <i>development</i> status, so they may still change), and the {@code agentloop.*} names for what
 * those conventions do not cover (cached and reasoning tokens, the loop's counters, compaction, plan
 * steps, MCP servers). One place, so a move to a later revision is one diff.
 */
final class GenAi {
    private GenAi() {
    }

    /** The revision of the conventions the names below follow. */
    static final String SEMCONV_VERSION = "1.37.0";
    static final String INSTRUMENTATION = "io.agentloop.otel";

    // Operations (gen_ai.operation.name), which also begin the span names.
    static final String INVOKE_AGENT = "invoke_agent";
    static final String CHAT = "chat";
    static final String EXECUTE_TOOL = "execute_tool";
    /** Not a GenAI operation: the conversation made shorter. */
    static final String COMPACTION = "compaction";
    /** Not a GenAI operation: one step of a plan-and-solve plan. */
    static final String PLAN_STEP = "plan_step";

    static final AttributeKey<String> OPERATION_NAME = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> PROVIDER_NAME = AttributeKey.stringKey("gen_ai.provider.name");
    static final AttributeKey<String> AGENT_NAME = AttributeKey.stringKey("gen_ai.agent.name");
    static final AttributeKey<String> AGENT_ID = AttributeKey.stringKey("gen_ai.agent.id");
    static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    static final AttributeKey<List<String>> FINISH_REASONS =
            AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
    static final AttributeKey<String> INPUT_MESSAGES = AttributeKey.stringKey("gen_ai.input.messages");
    static final AttributeKey<String> OUTPUT_MESSAGES = AttributeKey.stringKey("gen_ai.output.messages");
    static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
    static final AttributeKey<String> TOOL_CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
    static final AttributeKey<String> TOOL_TYPE = AttributeKey.stringKey("gen_ai.tool.type");
    static final AttributeKey<String> TOOL_ARGUMENTS = AttributeKey.stringKey("gen_ai.tool.call.arguments");
    static final AttributeKey<String> TOOL_RESULT = AttributeKey.stringKey("gen_ai.tool.call.result");
    static final AttributeKey<String> TOKEN_TYPE = AttributeKey.stringKey("gen_ai.token.type");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final String TOKEN_INPUT = "input";
    static final String TOKEN_OUTPUT = "output";
    static final String TOOL_TYPE_FUNCTION = "function";

    // Beyond the conventions.
    static final AttributeKey<Long> CACHED_INPUT_TOKENS = AttributeKey.longKey("agentloop.usage.cached_input_tokens");
    static final AttributeKey<Long> REASONING_TOKENS = AttributeKey.longKey("agentloop.usage.reasoning_tokens");
    static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("agentloop.run.id");
    static final AttributeKey<String> RUN_OUTCOME = AttributeKey.stringKey("agentloop.run.outcome");
    static final AttributeKey<Long> RUN_ITERATIONS = AttributeKey.longKey("agentloop.run.iterations");
    static final AttributeKey<String> TOOL_OUTCOME = AttributeKey.stringKey("agentloop.tool.outcome");
    static final AttributeKey<String> MCP_SERVER = AttributeKey.stringKey("agentloop.mcp.server");
    static final AttributeKey<String> COMPACTION_STRATEGY = AttributeKey.stringKey("agentloop.compaction.strategy");
    static final AttributeKey<Long> COMPACTION_BEFORE = AttributeKey.longKey("agentloop.compaction.messages_before");
    static final AttributeKey<Long> COMPACTION_AFTER = AttributeKey.longKey("agentloop.compaction.messages_after");
    static final AttributeKey<String> PLAN_STEP_ID = AttributeKey.stringKey("agentloop.plan.step.id");
    static final AttributeKey<String> PLAN_STEP_DESCRIPTION = AttributeKey.stringKey("agentloop.plan.step.description");
    static final AttributeKey<String> PLAN_STEP_RESULT = AttributeKey.stringKey("agentloop.plan.step.result");
    static final String RETRY_EVENT = "agentloop.retry";
    static final AttributeKey<Long> RETRY_ATTEMPT = AttributeKey.longKey("agentloop.retry.attempt");
    static final AttributeKey<Double> RETRY_DELAY = AttributeKey.doubleKey("agentloop.retry.delay_seconds");
    /** The outcome of a tool call that returned a result (an error's outcome is its code). */
    static final String OK = "ok";

    // Metrics.
    static final String TOKEN_USAGE = "gen_ai.client.token.usage";
    static final String OPERATION_DURATION = "gen_ai.client.operation.duration";
    static final String RUNS = "agentloop.runs";
    static final String ITERATIONS = "agentloop.iterations";
    static final String TOOL_CALLS = "agentloop.tool.calls";
    static final String RETRIES = "agentloop.retries";
    static final String COMPACTIONS = "agentloop.compactions";
    static final String APPROVALS_WAITED = "agentloop.approvals.waited";
    /** The bucket boundaries the conventions advise for the two histograms. */
    static final List<Long> TOKEN_BUCKETS = List.of(1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L, 65536L,
            262144L, 1048576L, 4194304L, 16777216L, 67108864L);
    static final List<Double> DURATION_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56,
            5.12, 10.24, 20.48, 40.96, 81.92);

    /**
     * The conventions' {@code gen_ai.provider.name} for one of our provider ids: the same where the
     * conventions list it, {@code gcp.gemini} for Gemini's API, and the OpenAI Responses API is
     * {@code openai}; an id the conventions do not list (ollama, llamacpp, a plugin's) is given as is.
     */
    static String providerName(String providerId) {
        return switch (providerId) {
            case "gemini" -> "gcp.gemini";
            case "openai-responses" -> "openai";
            default -> providerId;
        };
    }
}
