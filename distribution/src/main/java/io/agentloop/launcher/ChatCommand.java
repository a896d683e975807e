package io.agentloop.launcher;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Message;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.RunHandle;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop chat}: a conversation, one run per line, each run continuing the one before.
 * Lines can be edited and recalled (history kept in {@code ~/.agentloop/chat-history}); Ctrl-C
 * stops the answer being written, not the chat; {@code exit}, {@code quit} or Ctrl-D leave. With
 * {@code --json} the lines come plainly from the input and standard output carries nothing but the
 * events, one JSON object a line as with {@code run --json}, so a script can parse every line;
 * approval questions go to standard error.
 */
final class ChatCommand extends LauncherCommand {
    static final Set<String> EXIT_WORDS = Set.of("exit", "quit", "bye", ":q", "/exit", "/quit");

    boolean example;
    boolean demo;
    final SessionOptions sessionOptions = new SessionOptions();

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("chat", "Talks with an agent turn after turn. exit, quit or Ctrl-D leave; Ctrl-C "
                + "stops the current answer.");
        spec.addOption(Cli.flag("Chat with the offline example model (counts words; no key needed).",
                () -> example, v -> example = v, "--example"));
        spec.addOption(Cli.flag("Chat with the offline demo: a tiny real language model (it writes children's "
                + "stories) in process with llama.cpp; each message gets a word_count call, then a story.",
                () -> demo, v -> demo = v, "--demo"));
        sessionOptions.addTo(spec);
        return spec;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = out();
        PrintWriter err = err();
        LauncherConfig config = config();
        try (Platform platform = platform(config); Lines lines = lines()) {
            RunView console = view(config);
            JsonEventWriter json = new JsonEventWriter(out, LauncherHooks.defaultRedactor());
            AgentListener renderer = options.json ? json : console;
            Approver asker = new ConsoleApprover(options.json ? err : out, lines::read,
                    ConsoleApprover.keptIn(ApprovedRules.of(config), WorkspaceSetup.workspaceRoot(config)));
            Optional<Approver> approver = Optional.of(options.json ? asker : console.asking(asker));
            AtomicReference<Optional<LauncherSessions.Opened>> opened = new AtomicReference<>(Optional.empty());
            try {
                if (example && demo) {
                    err.println("agentloop chat: choose one of --example and --demo");
                    return Launcher.USAGE;
                }
                AgentSetup.Source source = example ? AgentSetup.Source.EXAMPLE : demo ? AgentSetup.Source.DEMO
                        : AgentSetup.Source.CONFIGURED;
                AgentSetup setup = AgentSetup.of(platform, config, source, renderer, approver, () -> {
                            opened.set(LauncherSessions.open(platform, config, sessionOptions, "chat"));
                            return opened.get();
                        });
                setup.notice(err, true);
                console.costs(setup.hooks().meter()::costText);
                json.costs(setup.hooks().meter()::costText);
                return converse(setup, lines, console, json, opened.get());
            } finally {
                console.close();
                opened.get().ifPresent(LauncherSessions.Opened::close);
            }
        }
    }

    private Integer converse(AgentSetup setup, Lines lines, RunView console, JsonEventWriter json,
                             Optional<LauncherSessions.Opened> session) {
        PrintWriter out = out();
        if (options.json) {
            session.ifPresent(s -> json.session(s.info().id(), s.resumed(), s.history().size()));
        } else {
            if (demo) {
                out.println(RunCommand.DEMO_NOTICE);
            }
            out.println("Chatting with " + setup.modelName() + ". exit, quit or Ctrl-D to leave; Ctrl-C stops an "
                    + "answer.");
            session.filter(LauncherSessions.Opened::resumed).ifPresent(s -> out.println("Resuming session "
                    + s.info().id() + " (" + s.history().size() + " messages)."));
        }
        out.flush();
        List<Message> conversation = session.map(LauncherSessions.Opened::history).orElse(List.of());
        // a turn left open (a run that paused, or stopped part-way) is settled before the next message
        Optional<OpenTurn> openTurn = session.flatMap(LauncherSessions.Opened::openTurn);
        while (true) {
            String line = lines.read();
            if (line == null) {
                break;
            }
            String text = line.strip();
            if (text.isEmpty()) {
                continue;
            }
            if (EXIT_WORDS.contains(text.toLowerCase(Locale.ROOT))) {
                break;
            }
            // the session's open turn goes on as the run that paused or stopped in it, with its tokens
            Usage carried = openTurn.equals(session.flatMap(LauncherSessions.Opened::openTurn))
                    ? session.map(LauncherSessions.Opened::carried).orElse(Usage.ZERO) : Usage.ZERO;
            RunHandle handle = openTurn.isPresent()
                    ? setup.agent().start(new Resumption(conversation, openTurn, List.of(), Optional.of(text))
                    .withUsedBefore(carried), Optional.empty())
                    : setup.agent().start(conversation, text);
            RunResult result = lines.whileRunning(handle);
            if (!options.json) {
                console.summary(result);
            }
            out.flush();
            if (result.awaitingApproval()) {
                // the chat goes on: its next message denies what still waits (the core settles the open turn)
                err().println(PauseNotice.inChat(result.pending(), session.map(s -> s.info().id()),
                        LauncherHooks.defaultRedactor()));
                err().flush();
            }
            conversation = result.messages();
            openTurn = result.openTurn();
        }
        if (!options.json) {
            out.println("Bye." + session.map(s -> " Session " + s.info().id() + ": continue it with agentloop chat "
                    + "--resume " + s.info().id()).orElse(""));
        }
        return Launcher.ANSWERED;
    }

    /** Where the user's lines come from. */
    private interface Lines extends AutoCloseable {
        /** The next line, or null at the end of the input. */
        String read();

        /** Waits for a run; Ctrl-C meanwhile cancels it. */
        RunResult whileRunning(RunHandle handle);

        @Override
        void close() throws IOException;
    }

    private Lines lines() throws IOException {
        if (!options.json && parent.in == null && System.console() != null) {
            return new TerminalLines(TerminalBuilder.builder().system(true).build());
        }
        java.io.BufferedReader reader = new java.io.BufferedReader(new java.io.InputStreamReader(
                parent.in != null ? parent.in : System.in, java.nio.charset.StandardCharsets.UTF_8));
        return new Lines() {
            @Override
            public String read() {
                try {
                    return reader.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public RunResult whileRunning(RunHandle handle) {
                return handle.await();
            }

            @Override
            public void close() {
                // the caller owns the stream
            }
        };
    }

    /** A real terminal: line editing, history, and Ctrl-C that stops the answer, not the chat. */
    private final class TerminalLines implements Lines {
        private final Terminal terminal;
        private final LineReader reader;

        TerminalLines(Terminal terminal) {
            this.terminal = terminal;
            this.reader = LineReaderBuilder.builder().terminal(terminal).appName("agentloop")
                    .variable(LineReader.HISTORY_FILE, historyFile()).build();
        }

        @Override
        public String read() {
            while (true) {
                try {
                    return reader.readLine("you> ");
                } catch (UserInterruptException e) {
                    // Ctrl-C at the prompt clears the line
                } catch (EndOfFileException e) {
                    return null;
                }
            }
        }

        @Override
        public RunResult whileRunning(RunHandle handle) {
            Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> handle.cancel());
            try {
                return handle.await();
            } finally {
                terminal.handle(Terminal.Signal.INT, previous);
            }
        }

        @Override
        public void close() throws IOException {
            terminal.close();
        }
    }

    private Path historyFile() {
        Path folder = Path.of(System.getProperty("user.home"), ".agentloop");
        try {
            java.nio.file.Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder + " for the chat history", e);
        }
        return folder.resolve("chat-history");
    }
}
