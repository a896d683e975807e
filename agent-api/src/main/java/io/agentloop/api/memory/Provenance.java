package io.agentloop.api.memory;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Where a long-term note came from, kept with it so that a note saved from a run that read a file,
 * a page or a server's answer is never taken for something the user said. A note whose run had text
 * from outside the conversation in its context ({@link #outside()} not empty) is untrusted: it may
 * repeat instructions planted in that text. Notes are handed to the model as quoted records either
 * way, never as instructions.
 *
 * <pre>{@code
 * Provenance saved = Provenance.ofRun("r-1", Optional.of("s-7"), Set.of("read"));
 * saved.trusted(); // false: a file's text was in the run's context
 * }</pre>
 *
 * @param author    who wrote the note
 * @param runId     the run whose answer the note is; empty for a person's note
 * @param sessionId the session that run belonged to; empty when it had none or for a person's note
 * @param outside   what brought text from outside the conversation into that run's context: the
 *                  names of the tools whose results it held, and {@value #RECALLED} when it was handed
 *                  untrusted notes itself; empty when it saw only the conversation. Never null.
 */
public record Provenance(Author author, Optional<String> runId, Optional<String> sessionId, Set<String> outside) {
    /** The source named in {@link #outside()} for untrusted notes recalled into the run. */
    public static final String RECALLED = "recalled-notes";

    /** Who wrote a note. */
    public enum Author {
        /** A person, for example with {@code agentloop memory add}. */
        PERSON,
        /** A run's answer, saved after the run. */
        RUN
    }

    public Provenance {
        Objects.requireNonNull(author, "author");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(sessionId, "sessionId");
        outside = Set.copyOf(outside);
        if (author == Author.PERSON && (runId.isPresent() || !outside.isEmpty())) {
            throw new IllegalArgumentException("a person's note has no run and no outside content");
        }
    }

    /** A note a person wrote. */
    public static Provenance ofPerson() {
        return new Provenance(Author.PERSON, Optional.empty(), Optional.empty(), Set.of());
    }

    /** A note saved from run {@code runId}'s answer. */
    public static Provenance ofRun(String runId, Optional<String> sessionId, Set<String> outside) {
        return new Provenance(Author.RUN, Optional.of(runId), sessionId, outside);
    }

    /** Whether only the conversation (no file, page, command output or server's answer) led to the note. */
    public boolean trusted() {
        return outside.isEmpty();
    }
}
