package io.agentloop.api.hub;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A person in a hub: what the others say is shown on their {@link Console}, and their turn is the
 * next line they type. A blank line is asked again; an exit word ({@code exit}, {@code quit},
 * {@code bye} unless others are given) or the end of the input means the person is done: the turn
 * passes and {@link #left()} turns true, for whoever drives the conversation to end it.
 *
 * <pre>{@code
 * UserParticipant you = new UserParticipant("you", new UserParticipant.Console() {
 *     public Optional<String> read(String prompt) { return Optional.ofNullable(System.console().readLine(prompt)); }
 *     public void show(HubMessage message) { System.out.println(message.speaker() + ": " + message.text()); }
 * });
 * hub.join(you);
 * while (!you.left()) {
 *     hub.round();
 * }
 * }</pre>
 *
 * Thread-safe for one person typing: {@link #reply} is meant to be called by one thread at a time.
 */
public final class UserParticipant implements Participant {
    /** The words that end a person's part when no others are given. */
    public static final Set<String> EXIT_WORDS = Set.of("exit", "quit", "bye");

    /** Where the person reads and types: a terminal, a chat window. */
    public interface Console {
        /**
         * The person's next line, without its line end; empty at the end of the input (the terminal
         * closed). Blocks until they type it.
         *
         * @param prompt what to show before the line, such as {@code "you> "}
         */
        Optional<String> read(String prompt);

        /** Shows the person what someone said. Must not throw. */
        void show(HubMessage message);
    }

    private final String name;
    private final Console console;
    private final Set<String> exitWords;
    private volatile boolean left;

    /** A person called {@code name} at {@code console}, who leaves with {@link #EXIT_WORDS}. */
    public UserParticipant(String name, Console console) {
        this(name, console, EXIT_WORDS);
    }

    /**
     * @param exitWords the lines (compared without regard to case or surrounding blanks) that end the
     *                  person's part
     */
    public UserParticipant(String name, Console console, Set<String> exitWords) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a participant needs a name: the others see it beside what they say");
        }
        this.name = name;
        this.console = Objects.requireNonNull(console, "console");
        this.exitWords = exitWords.stream().map(w -> w.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void observe(HubMessage message) {
        console.show(message);
    }

    /** The next non-blank line typed; empty, and {@link #left()} from then on, at an exit word or the input's end. */
    @Override
    public Optional<String> reply() {
        if (left) {
            return Optional.empty();
        }
        while (true) {
            Optional<String> line = console.read(name + "> ");
            if (line.isEmpty() || exitWords.contains(line.get().strip().toLowerCase(Locale.ROOT))) {
                left = true;
                return Optional.empty();
            }
            if (!line.get().isBlank()) {
                return Optional.of(line.get().strip());
            }
        }
    }

    /** Whether the person has said they are done (an exit word, or the end of their input). */
    public boolean left() {
        return left;
    }
}
