package io.agentloop.api.tool;

import java.util.Map;
import java.util.Objects;

/**
 * What a tool call produced: a {@link Success} with text for the model (and optional structured
 * data for programs), or a {@link Failure} with a code and a message the model can act on.
 */
public sealed interface ToolResult {

    /** The text the model sees. Never null. */
    String content();

    boolean isError();

    static ToolResult success(String content) {
        return new Success(content, Map.of());
    }

    static ToolResult failure(String code, String message) {
        return new Failure(code, message);
    }

    /**
     * @param content text for the model
     * @param data    structured data for programs and the user interface (not sent to the model)
     */
    record Success(String content, Map<String, Object> data) implements ToolResult {
        public Success {
            Objects.requireNonNull(content, "content");
            data = Map.copyOf(data);
        }

        @Override
        public boolean isError() {
            return false;
        }
    }

    /**
     * @param code    a stable, lower-case code ({@link #UNKNOWN_TOOL}, {@link #INVALID_ARGUMENTS}...)
     * @param message what went wrong, for the model; says what to do differently where it can
     */
    record Failure(String code, String message) implements ToolResult {
        /** The model named a tool that does not exist. */
        public static final String UNKNOWN_TOOL = "unknown_tool";
        /** The arguments were not JSON or did not match the schema. */
        public static final String INVALID_ARGUMENTS = "invalid_arguments";
        /** The tool threw. */
        public static final String EXECUTION_FAILED = "execution_failed";
        /** The call took longer than the tool timeout. */
        public static final String TIMEOUT = "timeout";
        /** The run was cancelled while the call ran. */
        public static final String CANCELLED = "cancelled";
        /** A policy or hook refused the call. */
        public static final String DENIED = "denied";
        /** The same call was repeated with the same arguments too often. */
        public static final String REPEATED_CALL = "repeated_call";
        /** A hook around the call failed. */
        public static final String HOOK_FAILED = "hook_failed";
        /** The tool itself is broken (its parameter schema is not valid): no call can succeed until it is fixed. */
        public static final String TOOL_BROKEN = "tool_broken";
        /**
         * The call started and its process stopped before it finished; when the run went on it was
         * not run again (its tool is not safe to repeat).
         */
        public static final String INTERRUPTED = "interrupted";

        public Failure {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
        }

        @Override
        public String content() {
            return "Error (" + code + "): " + message;
        }

        @Override
        public boolean isError() {
            return true;
        }
    }
}
