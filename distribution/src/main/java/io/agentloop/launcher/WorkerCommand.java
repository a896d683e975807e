package io.agentloop.launcher;

import io.agentloop.core.engine.DurableEngine;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop worker}: carries out durable runs on Temporal ({@code temporal.*}) with this
 * installation's agents (the configured one as {@code default}, and the profiles of
 * {@code agents.<name>}), tools, plugins and providers, until stopped (Ctrl-C or SIGTERM), which
 * lets the steps under way end first.
 */
final class WorkerCommand extends LauncherCommand {
    String role = "all";

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("worker", "Carries out durable runs: serves the Temporal task queue "
                + "(temporal.target, temporal.namespace, temporal.task-queue) with the configured agents, tools, "
                + "plugins and providers, until stopped.");
        spec.addOption(Cli.option(String.class, "ROLE", "What this worker does: all (default), decisions (the runs' "
                + "workflows only) or steps (their model and tool calls only: run these where the workspace is).",
                () -> role, v -> role = v, "--role"));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        DurableEngine.Role serving = switch (role.toLowerCase(Locale.ROOT)) {
            case "all" -> DurableEngine.Role.ALL;
            case "decisions" -> DurableEngine.Role.DECISIONS;
            case "steps" -> DurableEngine.Role.STEPS;
            default -> null;
        };
        if (serving == null) {
            err.println("agentloop worker: --role is all, decisions or steps, not '" + role + "'");
            return Launcher.USAGE;
        }
        LauncherConfig config = config();
        try (Platform platform = platform(config)) {
            Map<String, AgentSetup> agents = new LinkedHashMap<>();
            List<String> names = LauncherBackend.agentNames(config);
            try {
                for (String name : names) { // all of them now: a mistake shows here, not in a run hours later
                    LauncherConfig layered = config.with(LauncherBackend.profile(platform, config, name),
                            "agent " + name);
                    agents.put(name, AgentSetup.of(platform, layered, AgentSetup.Source.CONFIGURED, event -> { },
                            Optional.empty(), Optional::empty, false));
                }
                RunWorkspaces workspaces = new RunWorkspaces(platform, config, agents);
                try (DurableEngine engine = Engines.connect(parent.home, config, Engines.TEMPORAL);
                     DurableEngine.Worker worker = engine.serve(workspaces::agent, serving);
                     workspaces) {
                    CountDownLatch stopped = new CountDownLatch(1);
                    Thread hook = new Thread(() -> {
                        worker.close(); // lets the steps under way end
                        stopped.countDown();
                    }, "agentloop-worker-stop");
                    Runtime.getRuntime().addShutdownHook(hook);
                    out.println("agentloop worker: serving " + engine.describe() + " (" + role + "); agents: "
                            + String.join(", ", names) + ". Stop with Ctrl-C.");
                    out.flush();
                    try {
                        stopped.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            } finally {
                new ArrayList<>(agents.values()).forEach(AgentSetup::close);
            }
        }
        return Launcher.ANSWERED;
    }

}
