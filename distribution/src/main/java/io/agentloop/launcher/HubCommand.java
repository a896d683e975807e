package io.agentloop.launcher;

import io.agentloop.api.hub.HubMessage;
import io.agentloop.api.hub.UserParticipant;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.hub.AgentParticipant;
import io.agentloop.core.hub.MessageHub;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.text.TerminalText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop hub [--agents a,b]}: a conversation among configured agents and the person at
 * the terminal. The agents are {@code default} (the configured agent) and the profiles of
 * {@code agents.<name>}, chosen by {@code --agents} or {@code hub.agents}; the person is
 * {@code hub.user} ({@code you}). Turns go round in that order, the person first: each agent hears
 * what everyone said since its last turn, and each turn is shown with its speaker.
 * {@code /leave NAME} takes an agent out; exit, quit or Ctrl-D end the conversation. Nothing is
 * saved as a session, and no one approves tool calls: a call that would ask is not run.
 */
final class HubCommand extends LauncherCommand {
    List<String> agents = new ArrayList<>();

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("hub", "Talks with several configured agents at once: each hears what you and the "
                + "others say. /leave NAME takes an agent out; exit, quit or Ctrl-D leave.");
        spec.addOption(Cli.commaList("NAME", "The agents taking part, comma-separated, in turn order: default and "
                + "the profiles of agents.<name> (default: hub.agents).", () -> agents, v -> agents = v, "--agents"));
        return spec;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = out();
        PrintWriter err = err();
        if (options.json) {
            err.println("agentloop hub: --json is not available here: a conversation is for a person at a terminal "
                    + "(for scripts, use agentloop run --json or agentloop serve)");
            return Launcher.USAGE;
        }
        LauncherConfig config = config();
        List<String> names = agents.isEmpty() ? config.list("hub.agents") : agents.stream().map(String::strip).toList();
        String user = config.get("hub.user").map(String::strip).orElse("you");
        List<String> known = LauncherBackend.agentNames(config);
        Optional<String> wrong = problem(names, user, known);
        if (wrong.isPresent()) {
            err.println("agentloop hub: " + wrong.get());
            return Launcher.USAGE;
        }
        Style style = new Style(Screen.detect(config.get("output.color").orElse("auto"), parent.env));
        try (Platform platform = platform(config); Lines lines = lines()) {
            MessageHub hub = new MessageHub();
            UserParticipant person = new UserParticipant(user, new Console(hub, lines, out, style, user),
                    ChatCommand.EXIT_WORDS);
            hub.join(person);
            Map<String, AgentParticipant> members = new LinkedHashMap<>();
            List<AgentSetup> setups = new ArrayList<>();
            try {
                for (String name : names) {
                    LauncherConfig own = config.with(LauncherBackend.profile(platform, config, name), "agents." + name);
                    AgentSetup setup = AgentSetup.of(platform, own, AgentSetup.Source.CONFIGURED, event -> {
                    }, Optional.empty());
                    setups.add(setup);
                    members.put(name, hub.join(name, setup.agent()));
                }
                notice(setups, err);
                out.println("A conversation of " + String.join(", ", names) + " and " + user + ". Say something to "
                        + "all; /leave NAME takes an agent out; exit, quit or Ctrl-D to leave.");
                out.flush();
                converse(hub, person, members, err);
                out.println("Bye.");
                out.flush();
                return Launcher.ANSWERED;
            } finally {
                setups.forEach(AgentSetup::close);
            }
        }
    }

    /**
     * The warnings of a run (the sandbox, {@code --yes}), once, and that no one approves here: a
     * call that would ask stops its agent's turn.
     */
    private static void notice(List<AgentSetup> setups, PrintWriter err) {
        setups.getFirst().notice(err, true);
        List<String> asking = setups.stream().flatMap(s -> s.agent().toolsNeedingApproval().stream()).distinct()
                .toList();
        if (setups.getFirst().agent().permissionMode() != PermissionMode.YES && !asking.isEmpty()) {
            err.println("agentloop: no one approves tool calls in a conversation: a call that asks ("
                    + String.join(", ", asking) + ") stops its agent's turn. Choose with --mode edit|auto or --yes.");
            err.flush();
        }
    }

    /** What is wrong with the chosen agents and the person's name, if anything. */
    private static Optional<String> problem(List<String> names, String user, List<String> known) {
        String choose = "choose them with --agents a,b or hub.agents; the configured agents are: "
                + String.join(", ", known) + " (default, and the profiles of agents.<name>)";
        if (names.isEmpty()) {
            return Optional.of("no agents take part: " + choose);
        }
        for (String name : names) {
            if (!known.contains(name)) {
                return Optional.of("there is no agent '" + name + "': " + choose);
            }
            if (names.indexOf(name) != names.lastIndexOf(name)) {
                return Optional.of("'" + name + "' is named twice: each agent takes part once");
            }
        }
        if (names.contains(user)) {
            return Optional.of("the person's name (hub.user) is '" + user + "', which is an agent's too: set "
                    + "hub.user to another name");
        }
        return Optional.empty();
    }

    /**
     * Turns round the hub, the person first, until the person leaves (or takes the last agent out).
     * The person hears each agent's turn as the hub publishes it.
     */
    private static void converse(MessageHub hub, UserParticipant person, Map<String, AgentParticipant> members,
                                 PrintWriter err) {
        while (true) {
            for (String name : hub.participants()) {
                if (!hub.participants().contains(name)) {
                    continue; // taken out during this round
                }
                hub.turn(name);
                if (person.left()) {
                    return;
                }
                Optional.ofNullable(members.get(name)).flatMap(AgentParticipant::lastRun)
                        .flatMap(run -> trouble(name, run)).ifPresent(problem -> {
                            err.println(problem);
                            err.flush();
                        });
            }
        }
    }

    /** Why an agent's turn said nothing, when it went wrong. */
    private static Optional<String> trouble(String name, RunResult run) {
        if (run.awaitingApproval()) {
            return Optional.of("agentloop: " + name + "'s turn stopped at a tool call that asks for approval, which "
                    + "no one gives in a hub: choose --mode edit|auto or --yes, or allow it in permissions.allow");
        }
        return run.error().map(e -> "agentloop: " + name + "'s turn failed: " + e.getMessage());
    }

    /**
     * The person's side: each turn of the others shown with its speaker, lines read from the
     * terminal, {@code /leave NAME} acted on rather than said.
     */
    private record Console(MessageHub hub, Lines lines, PrintWriter out, Style style, String user)
            implements UserParticipant.Console {
        @Override
        public Optional<String> read(String prompt) {
            while (true) {
                String line = lines.read(prompt);
                if (line == null) {
                    return Optional.empty();
                }
                String text = line.strip();
                if (!text.equals("/leave") && !text.startsWith("/leave ")) {
                    return Optional.of(line);
                }
                String name = text.substring("/leave".length()).strip();
                List<String> agents = hub.participants().stream().filter(n -> !n.equals(user)).toList();
                if (name.equals(user)) {
                    out.println("To leave the conversation yourself, type exit.");
                } else if (name.isEmpty() || !hub.leave(name)) {
                    out.println((name.isEmpty() ? "Say who leaves" : "There is no " + name + " in the conversation")
                            + ": /leave NAME, one of " + String.join(", ", agents) + ".");
                } else {
                    out.println(name + " has left the conversation." + (agents.size() == 1 ? " No agent is left." : ""));
                    if (agents.size() == 1) {
                        out.flush();
                        return Optional.empty(); // nobody is left to hear more: the person leaves too
                    }
                }
                out.flush();
            }
        }

        @Override
        public void show(HubMessage message) {
            out.println(style.bold(TerminalText.printable(message.speaker())) + "> "
                    + TerminalText.printable(message.text()));
            out.flush();
        }
    }

    /** Where the person's lines come from. */
    private interface Lines extends AutoCloseable {
        /** The next line, or null at the end of the input. */
        String read(String prompt);

        @Override
        void close() throws IOException;
    }

    private Lines lines() throws IOException {
        if (parent.in == null && System.console() != null) {
            Terminal terminal = TerminalBuilder.builder().system(true).build();
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("agentloop").build();
            return new Lines() {
                @Override
                public String read(String prompt) {
                    while (true) {
                        try {
                            return reader.readLine(prompt);
                        } catch (UserInterruptException e) {
                            // Ctrl-C at the prompt clears the line
                        } catch (EndOfFileException e) {
                            return null;
                        }
                    }
                }

                @Override
                public void close() throws IOException {
                    terminal.close();
                }
            };
        }
        BufferedReader reader = new BufferedReader(new InputStreamReader(parent.in != null ? parent.in : System.in,
                StandardCharsets.UTF_8));
        return new Lines() {
            @Override
            public String read(String prompt) {
                try {
                    return reader.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public void close() {
                // the caller owns the stream
            }
        };
    }
}
