package io.agentloop.launcher;

import io.agentloop.api.hub.HubMessage;
import io.agentloop.api.hub.UserParticipant;
import io.agentloop.api.permission.Approver;
import io.agentloop.core.hub.AgentParticipant;
import io.agentloop.core.hub.MessageHub;
import io.agentloop.core.text.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop hub [--agents a,b]}: a conversation among configured agents and the person at
 * the terminal. The agents are {@code default} (the configured agent) and the profiles of
 * {@code agents.<name>}, chosen by {@code --agents} or {@code hub.agents}; each profile's agent has
 * what its sub-agent would have (its prompt, model and exactly its tools). The person is
 * {@code hub.user} ({@code you}). Turns go round in that order, the person first: each agent hears
 * what everyone said since its last turn, and each turn is shown with its speaker. A call that asks
 * is asked of the person; Ctrl-C stops the agent's turn and gives the person the word.
 * {@code /leave NAME} takes an agent out; exit, quit or Ctrl-D end the conversation. The
 * conversation is a session ({@link HubTranscript}), which {@code --resume ID} or
 * {@code --continue} goes on with.
 */
final class HubCommand extends LauncherCommand {
    List<String> agents = new ArrayList<>();
    final SessionOptions sessionOptions = new SessionOptions();

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("hub", "Talks with several configured agents at once: each hears what you and the "
                + "others say. /leave NAME takes an agent out; Ctrl-C stops an agent's turn; exit, quit or Ctrl-D "
                + "leave.");
        spec.addOption(Cli.commaList("NAME", "The agents taking part, comma-separated, in turn order: default and "
                + "the profiles of agents.<name> (default: hub.agents).", () -> agents, v -> agents = v, "--agents"));
        sessionOptions.addTo(spec);
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
        try (Platform platform = platform(config); HubLines lines = HubLines.open(parent.in)) {
            MessageHub hub = new MessageHub();
            UserParticipant person = new UserParticipant(user, new Console(hub, lines, out, style, user),
                    ChatCommand.EXIT_WORDS);
            hub.join(person);
            Map<String, AgentParticipant> members = new LinkedHashMap<>();
            List<AgentSetup> setups = new ArrayList<>();
            AtomicReference<Optional<LauncherSessions.Opened>> opened = new AtomicReference<>();
            // opened once, by the first agent set up right: a configuration error leaves no session
            Supplier<Optional<LauncherSessions.Opened>> session = () -> {
                if (opened.get() == null) {
                    opened.set(LauncherSessions.open(platform, config, sessionOptions, "hub: "
                            + String.join(", ", names)));
                }
                return opened.get();
            };
            try {
                Approver asker = new ConsoleApprover(out, () -> lines.read(user + "> "),
                        ConsoleApprover.keptIn(ApprovedRules.of(config), WorkspaceSetup.workspaceRoot(config)));
                for (String name : names) {
                    Approver asks = request -> {
                        out.println(style.bold(name) + " asks to use " + TerminalText.printable(request.toolName()));
                        return asker.approve(request);
                    };
                    AgentSetup setup = AgentSetup.of(platform, config, AgentSetup.Source.CONFIGURED, event -> {
                    }, Optional.of(asks), session, false, Thread.ofPlatform().factory(),
                            Optional.of(name).filter(n -> !n.equals(LauncherBackend.DEFAULT_AGENT)));
                    setups.add(setup);
                    members.put(name, hub.join(name, setup.agent()));
                }
                HubTranscript transcript = HubTranscript.of(session.get(), err);
                members.forEach((name, member) -> member.recall(transcript.recalledBy(name)));
                setups.getFirst().notice(err, true);
                out.println("A conversation of " + String.join(", ", names) + " and " + user + ". Say something to "
                        + "all; /leave NAME takes an agent out; Ctrl-C stops an agent's turn; exit, quit or Ctrl-D "
                        + "to leave.");
                session.get().filter(LauncherSessions.Opened::resumed).ifPresent(s -> out.println("Resuming session "
                        + s.info().id() + " (" + s.history().size() + " messages)."));
                out.flush();
                new HubRounds(hub, person, members, lines, transcript, out, err).converse();
                out.println("Bye." + session.get().map(s -> " Session " + s.info().id() + ": continue it with "
                        + "agentloop hub --resume " + s.info().id()).orElse(""));
                out.flush();
                return Launcher.ANSWERED;
            } finally {
                setups.forEach(AgentSetup::close);
                Optional.ofNullable(opened.get()).flatMap(o -> o).ifPresent(LauncherSessions.Opened::close);
            }
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
     * The person's side: each turn of the others shown with its speaker, lines read from the
     * terminal, {@code /leave NAME} acted on rather than said.
     */
    private record Console(MessageHub hub, HubLines lines, PrintWriter out, Style style, String user)
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
}
