package io.agentloop.api.run;

import java.util.Objects;

/**
 * How a run knows its task is done. By default ({@link #answer()}) an answer without tool calls ends
 * it. With {@link #marker(String)} the answer must also carry the marker text: an answer without it
 * and without tool calls goes back to the model once, with a note asking for the marker, and the
 * next answer ends the run either way. With {@link #finishTool()} the model is offered a tool named
 * {@value #FINISH} whose {@code answer} argument is the run's final answer; calling it ends the run
 * (an answer without tool calls still does too).
 *
 * <p>{@code RunOptions.builder().completion(Completion.marker("[DONE]")).build()}
 *
 * @param mode   which of the three
 * @param marker the text an answer carries to say the task is done (used in {@link Mode#MARKER} only);
 *               never blank
 */
public record Completion(Mode mode, String marker) {
    /** The name of the tool offered in {@link Mode#FINISH_TOOL}. */
    public static final String FINISH = "finish";
    /** The marker when none is given. */
    public static final String DEFAULT_MARKER = "[DONE]";

    /** The three ways a run can be done. */
    public enum Mode {
        /** An answer without tool calls ends the run. */
        ANSWER,
        /** An answer that carries the marker ends the run; one without it is sent back once. */
        MARKER,
        /** The model calls the {@value Completion#FINISH} tool with its final answer. */
        FINISH_TOOL
    }

    /** @throws IllegalArgumentException when the marker is blank */
    public Completion {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(marker, "marker");
        if (marker.isBlank()) {
            throw new IllegalArgumentException("the completion marker cannot be blank: give the text an answer "
                    + "carries when the task is done, e.g. " + DEFAULT_MARKER);
        }
    }

    /** An answer without tool calls ends the run (the default). */
    public static Completion answer() {
        return new Completion(Mode.ANSWER, DEFAULT_MARKER);
    }

    /** An answer carrying this text ends the run. */
    public static Completion marker(String marker) {
        return new Completion(Mode.MARKER, marker);
    }

    /** The model ends the run by calling the {@value #FINISH} tool with its final answer. */
    public static Completion finishTool() {
        return new Completion(Mode.FINISH_TOOL, DEFAULT_MARKER);
    }
}
