package io.agentloop.launcher;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.permission.Decision;
import io.agentloop.api.run.CompactionOptions;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.core.format.NativeFormatter;
import io.agentloop.core.memory.InMemoryHistory;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.permission.PermissionRule;
import io.agentloop.core.registry.Registry;
import io.agentloop.core.skill.Skills;
import io.agentloop.tools.web.FetchSettings;
import io.agentloop.tools.meta.ToolGroups;
import io.agentloop.tools.web.FetchTool;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The agent {@code run} and {@code chat} use: the configured model (or the offline example model)
 * with every registered tool (less {@code tools.disabled}, plus {@code fetch} when enabled), the
 * registries' hooks and listeners, the configured limits, the workspace ({@code workspace.*},
 * default: the current folder) and the permission rules ({@code permissions.allow|ask|deny}), which
 * must name tools that exist ({@link RuleNames}); or, for a hub, the agent of a profile of {@code agents.*}.
 */
record AgentSetup(Agent agent, String modelName, Source source, LauncherHooks hooks, List<String> warnings,
                  Optional<SessionEvents> events) implements AutoCloseable {

    /** Where the model comes from. */
    enum Source {
        /** The configured provider and model. */
        CONFIGURED,
        /** The rule-based example model ({@code --example}). */
        EXAMPLE,
        /** The tiny local language model of the installation, through the llamacpp plugin ({@code --demo}). */
        DEMO,
        /**
         * No model: the configured tools, skills, rules and workspace, for running one tool call
         * ({@code agentloop tools call}) without a provider.
         */
        TOOLS_ONLY
    }

    static AgentSetup of(Platform platform, LauncherConfig config, Source source, AgentListener renderer,
                         Optional<Approver> approver) {
        return of(platform, config, source, renderer, approver, Optional::empty);
    }

    /**
     * With a session: the recorder saves every run of the agent into it. The session is opened only
     * once the model and tools are known to be set up right, so a configuration error leaves none.
     */
    static AgentSetup of(Platform platform, LauncherConfig config, Source source, AgentListener renderer,
                         Optional<Approver> approver, Supplier<Optional<LauncherSessions.Opened>> session) {
        return of(platform, config, source, renderer, approver, session, true);
    }

    /**
     * As above; without {@code recordRuns} the session is opened but the agent's runs are not
     * written into it (plan-and-solve records the plan, the steps and the answer itself).
     */
    static AgentSetup of(Platform platform, LauncherConfig config, Source source, AgentListener renderer,
                         Optional<Approver> approver, Supplier<Optional<LauncherSessions.Opened>> session,
                         boolean recordRuns) {
        // Platform threads for runs: the launcher exits when its run ends, and a model stream read on a
        // virtual thread would leave the JVM's I/O poller blocked in native code, which delays the exit.
        return of(platform, config, source, renderer, approver, session, recordRuns, Thread.ofPlatform().factory());
    }

    /** As above, the runs on threads of {@code runThreads} (a server's: virtual ones). */
    static AgentSetup of(Platform platform, LauncherConfig config, Source source, AgentListener renderer,
                         Optional<Approver> approver, Supplier<Optional<LauncherSessions.Opened>> session,
                         boolean recordRuns, java.util.concurrent.ThreadFactory runThreads) {
        return of(platform, config, source, renderer, approver, session, recordRuns, runThreads, Optional.empty());
    }

    /**
     * As above; with {@code profile}, the agent of {@code agents.<profile>} (a hub's participant) by the
     * rule of its sub-agent: its system prompt and model, exactly the tools it lists ({@code task} only
     * when listed; no skills), and the configured agent's rules, limits, hooks and workspace.
     */
    static AgentSetup of(Platform platform, LauncherConfig config, Source source, AgentListener renderer,
                         Optional<Approver> approver, Supplier<Optional<LauncherSessions.Opened>> session,
                         boolean recordRuns, java.util.concurrent.ThreadFactory runThreads, Optional<String> profile) {
        // Before the model: a rule that protects nothing must stop the run before anything loads or acts.
        List<String> warnings = new ArrayList<>(RuleNames.require(config, platform));
        ChatModel configured = switch (source) {
            case CONFIGURED -> platform.model();
            case EXAMPLE -> new ExampleModel();
            case DEMO -> platform.demoModel();
            case TOOLS_ONLY -> new NoModel("agentloop tools call runs one tool, not a model");
        };
        boolean configuredTools = source == Source.CONFIGURED || source == Source.TOOLS_ONLY;
        List<Tool> all = new ArrayList<>(configuredTools ? tools(platform, config, true)
                : List.of(new WordCountTool()));
        Workspace folder = WorkspaceSetup.workspace(config, platform.home());
        OfferedTools.withoutMissingPython(all, folder.childEnvironment()).ifPresent(warnings::add);
        Optional<ToolGroups> allGroups = OfferedTools.withMetaTool(all, flag(config, "tools.meta", false));
        List<SubAgentProfile> profiles = source == Source.CONFIGURED ? subAgents(config, all, platform::model)
                : List.of();
        Optional<SubAgentProfile> as = profile.map(name -> profiles.stream().filter(p -> p.name().equals(name))
                .findFirst().orElseThrow());
        ChatModel model = as.flatMap(SubAgentProfile::model).orElse(configured);
        List<Tool> tools = as.map(SubAgentProfile::tools).orElse(all);
        Optional<ToolGroups> groups = as.isPresent() ? Optional.empty() : allGroups;
        String provider = switch (source) {
            case CONFIGURED -> config.get("provider").orElse("unknown");
            case EXAMPLE -> "example";
            case DEMO -> Platform.DEMO_PROVIDER;
            case TOOLS_ONLY -> "none";
        };
        CompactionOptions compaction = CompactionSettings.from(config, provider, model.name(),
                source == Source.CONFIGURED, warnings);
        // Checked now: the loop would only find a missing strategy when the conversation first needs compacting.
        chosen(platform.extensions().compactionStrategies(), config, "compaction.strategy", "compaction strategy",
                compaction.strategy());
        RunOptions options = RunLimits.from(config, RunOptions.DEFAULTS.withCompaction(compaction));
        PermissionPolicy policy = permissions(config);
        Agent.Builder builder = Agent.builder().model(model).tools(tools).extensions(platform.extensions())
                .options(options).chatOptions(CallOptions.from(config)).listeners(renderer).workspace(folder).permissions(policy)
                .runThreads(runThreads);
        groups.ifPresent(g -> builder.hooks(g));
        builder.retryClassifier(chosen(platform.extensions().retryClassifiers(), config, "run.retry-classifier",
                "retry classifier", "standard"));
        builder.decisionPolicy(chosen(platform.extensions().decisionPolicies(), config, "run.decision-policy",
                "decision policy", "standard"));
        builder.memory(chosen(platform.extensions().memories(), config, "memory.short-term", "short-term memory",
                InMemoryHistory.NAME));
        if (source == Source.CONFIGURED) {
            builder.formatter(chosen(platform.extensions().formatters(), config,
                    "providers." + config.get("provider").orElse("") + ".formatter", "formatter", NativeFormatter.ID));
        }
        Optional<String> extra = config.get("run.system-append");
        Optional<String> prompt = as.map(SubAgentProfile::systemPrompt).filter(p -> !p.isBlank())
                .or(() -> config.get("run.system"));
        if (prompt.isEmpty() && source == Source.CONFIGURED) {
            // written once the agent knows every tool it offers, skill and task among them
            builder.systemPromptFromTools(specs -> DefaultPrompt.of(specs, folder.root(), policy.mode())
                    + extra.map(e -> "\n\n" + e).orElse(""));
        } else {
            prompt.map(p -> extra.map(e -> p + "\n\n" + e).orElse(p)).or(() -> extra).ifPresent(builder::systemPrompt);
        }
        if (as.map(SubAgentProfile::delegates).orElse(true)) {
            builder.subAgents(profiles.toArray(SubAgentProfile[]::new));
        }
        if (configuredTools && as.isEmpty()) {
            Skills skills = skills(platform, config);
            skills.problems().forEach(problem -> warnings.add("skill " + problem));
            builder.skills(skills);
        }
        if (source == Source.DEMO) {
            builder.hooks(new DemoTurns());
        }
        Optional<LauncherSessions.Opened> opened = session.get();
        // every run's events beside the session, for agentloop report (plan-and-solve runs too)
        Optional<SessionEvents> events = opened.flatMap(s -> LauncherSessions.eventsFile(platform, config,
                s.info().id())).map(file -> new SessionEvents(file, LauncherHooks.defaultRedactor(), Clock.systemUTC(),
                provider, model.name()));
        events.ifPresent(builder::listeners);
        approver.map(a -> events.map(e -> e.approving(a)).orElse(a)).ifPresent(builder::approver);
        opened.filter(s -> recordRuns).ifPresent(s -> {
            s.recorder().describing(provider, model.name()); // for agentloop stats
            // A session that can no longer be written stops the run before it changes anything off the record.
            s.recorder().stoppingBefore(name -> tools.stream().noneMatch(t -> t.spec().name().equals(name)
                    && t.readOnly()));
            if (!flag(config, "sessions.stop-when-unsaved", true)) {
                s.recorder().continuingWhenUnsaved();
            }
            builder.journal(s.recorder());
        });
        LauncherHooks hooks = LauncherHooks.of(config, platform.extensions().longTermMemories(), provider, model.name(),
                opened.map(LauncherSessions.Opened::usedBefore).orElse(Usage.ZERO), tools,
                opened.map(s -> s.info().id()));
        builder.hooks(hooks.hooks().toArray(Hook[]::new));
        builder.listeners(hooks.listeners().toArray(AgentListener[]::new));
        return new AgentSetup(builder.build(), model.name(), source, hooks, warnings, events);
    }

    @Override
    public void close() {
        hooks.close();
    }

    /**
     * The extension the key names ({@code run.retry-classifier}, {@code providers.<id>.formatter}...):
     * the built-in {@code byDefault} when the key is not set, or one from a plugin.
     */
    static <T> T chosen(Registry<T> registry, LauncherConfig config, String key, String what, String byDefault) {
        return chosen(registry, config, key, what, byDefault, List.of());
    }

    /** As above; {@code builtIns} are names the caller handles itself, named in the error too. */
    static <T> T chosen(Registry<T> registry, LauncherConfig config, String key, String what, String byDefault,
                        List<String> builtIns) {
        String name = config.get(key).map(String::strip).orElse(byDefault);
        return registry.get(name).orElseThrow(() -> {
            List<String> known = new ArrayList<>(builtIns);
            registry.entries().forEach(e -> known.add(e.name()));
            return new ConfigLoader.ConfigurationException("there is no " + what + " '" + name + "' (" + key
                    + "); there are: " + String.join(", ", known));
        });
    }

    /**
     * The sub-agents of {@code agents.<name>}: {@code description} (required), {@code system},
     * {@code tools} (names of the agent's tools, and {@code task} to let it hand tasks on to the
     * other sub-agents; none when left out) and {@code model} (another model of the configured
     * provider, made by {@code models}; the agent's when left out).
     */
    static List<SubAgentProfile> subAgents(LauncherConfig config, List<Tool> tools, Function<String, ChatModel> models) {
        Map<String, Map<String, String>> byName = new java.util.TreeMap<>();
        config.section("agents").forEach((key, value) -> {
            int dot = key.indexOf('.');
            if (dot > 0) {
                byName.computeIfAbsent(key.substring(0, dot), n -> new java.util.LinkedHashMap<>())
                        .put(key.substring(dot + 1), value);
            }
        });
        List<SubAgentProfile> profiles = new ArrayList<>();
        byName.forEach((name, keys) -> {
            String where = "agents." + name;
            List<String> unknown = keys.keySet().stream()
                    .filter(k -> !List.of("description", "system", "tools", "model").contains(k)).sorted().toList();
            if (!unknown.isEmpty()) {
                throw new ConfigLoader.ConfigurationException(where + " has settings a sub-agent does not take: "
                        + unknown + " (known: description, system, tools, model)");
            }
            String description = keys.getOrDefault("description", "").strip();
            if (description.isEmpty()) {
                throw new ConfigLoader.ConfigurationException(where + ".description is missing: say what the "
                        + "sub-agent is for (the model reads it to choose)");
            }
            List<Tool> chosen = new ArrayList<>();
            boolean delegates = false;
            for (String toolName : config.list(where + ".tools")) {
                if (toolName.equals("task")) { // the sub-agent may hand tasks on to the other sub-agents
                    delegates = true;
                    continue;
                }
                chosen.add(tools.stream().filter(t -> t.spec().name().equals(toolName)).findFirst().orElseThrow(() ->
                        new ConfigLoader.ConfigurationException(where + ".tools names '" + toolName + "', which is "
                                + "not one of the agent's tools: " + String.join(", ", tools.stream()
                                .map(t -> t.spec().name()).toList()))));
            }
            SubAgentProfile made;
            try {
                made = SubAgentProfile.of(name, description, keys.getOrDefault("system", ""), chosen);
            } catch (IllegalArgumentException e) {
                throw new ConfigLoader.ConfigurationException(where + ": " + e.getMessage());
            }
            Optional<String> model = Optional.ofNullable(keys.get("model")).map(String::strip).filter(m -> !m.isEmpty());
            SubAgentProfile profile = delegates ? made.withDelegation() : made;
            profiles.add(model.map(m -> profile.withModel(models.apply(m))).orElse(profile));
        });
        return profiles;
    }

    /** The skills of {@link #skillFolders} and the plugins' {@code skills/}, with their problems. */
    static Skills skills(Platform platform, LauncherConfig config) {
        List<Path> folders = new ArrayList<>(skillFolders(config));
        folders.addAll(platform.pluginSkillFolders());
        return Skills.in(folders);
    }

    /**
     * Where skills are found, first wins: the workspace's {@code .agentloop/skills}, the user's
     * {@code skills} beside the user's configuration file ({@code $XDG_CONFIG_HOME/agentloop/skills},
     * by default {@code ~/.config/agentloop/skills}), then the folders
     * of {@code skills.folders} (and after them, the plugins' {@code skills/}).
     */
    static List<Path> skillFolders(LauncherConfig config) {
        List<Path> folders = new ArrayList<>();
        folders.add(Path.of(config.get("workspace.root").orElse("")).toAbsolutePath().resolve(".agentloop/skills"));
        folders.add(config.userFolder().resolve("skills"));
        config.list("skills.folders").forEach(folder -> folders.add(Path.of(folder)));
        return folders;
    }

    /**
     * Every registered tool but the disabled ones, fetch when it is enabled, and with
     * {@code fromSources} the tools of the tool sources (MCP servers).
     */
    static List<Tool> tools(Platform platform, LauncherConfig config, boolean fromSources) {
        Set<String> disabled = Set.copyOf(config.list("tools.disabled"));
        List<Tool> tools = new ArrayList<>();
        platform.extensions().tools().all().stream().filter(t -> !disabled.contains(t.spec().name())).forEach(tools::add);
        if (fromSources) {
            platform.sourceTools().stream().filter(t -> !disabled.contains(t.spec().name())).forEach(tools::add);
        }
        if (Boolean.parseBoolean(config.get("tools.fetch.enabled").orElse("false")) && !disabled.contains("fetch")) {
            List<String> hosts = config.list("tools.fetch.allow-hosts");
            if (hosts.isEmpty()) {
                throw new ConfigLoader.ConfigurationException("tools.fetch.enabled is true but tools.fetch.allow-hosts "
                        + "is empty: list the hosts fetch may contact (for example docs.python.org, *.example.com, or * "
                        + "for every public host)");
            }
            tools.add(new FetchTool(new FetchSettings(hosts,
                    Boolean.parseBoolean(config.get("tools.fetch.allow-private").orElse("false")),
                    FetchSettings.DEFAULT_MAX_BYTES, FetchSettings.DEFAULT_TIMEOUT)));
        }
        return tools;
    }

    /**
     * {@code permissions.allow|ask|deny}, {@code permissions.mode} ({@code --mode}, {@code --yes}) and
     * {@code permissions.ask-before-executable-config},
     * with the allow rules given "always" in this workspace ({@link ApprovedRules}); deny and ask
     * rules still win over them.
     */
    static PermissionPolicy permissions(LauncherConfig config) {
        PermissionPolicy configured;
        try {
            configured = PermissionPolicy.of(config.list("permissions.allow"), config.list("permissions.ask"),
                    config.list("permissions.deny")).withMode(PermissionMode.parse(config.get("permissions.mode")
                    .orElse("ask")));
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException("permissions: " + e.getMessage());
        }
        ApprovedRules approved = ApprovedRules.of(config);
        Path workspace = WorkspaceSetup.workspaceRoot(config);
        List<PermissionRule> always = new ArrayList<>();
        for (String rule : approved.rules(workspace)) {
            try {
                always.add(PermissionRule.parse(Decision.ALLOW, rule));
            } catch (IllegalArgumentException e) {
                throw new ConfigLoader.ConfigurationException("the approved rules in " + approved.file(workspace)
                        + ": " + e.getMessage() + " (correct or remove the line)");
            }
        }
        PermissionPolicy policy = configured;
        if (config.get("permissions.ask-before-executable-config").isPresent()) {
            policy = policy.withAskBeforeExecutableConfig(flag(config, "permissions.ask-before-executable-config",
                    configured.asksBeforeExecutableConfig()));
        }
        // The launcher's own advice on changing what runs comes in its notices (PauseNotice), not in the denial.
        return policy.with(always).withAdvice("");
    }

    /** A {@code true} or {@code false} setting. */
    static boolean flag(LauncherConfig config, String key, boolean otherwise) {
        String value = config.get(key).map(String::strip).orElse(Boolean.toString(otherwise));
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new ConfigLoader.ConfigurationException(key + " must be true or false, not '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    /**
     * What the user must know before the run acts, on stderr, once: a command sandbox that is
     * missing or turned off, always; the permission mode when no one can approve (a headless run),
     * with the tools that therefore cannot run; the {@code --yes} warning.
     */
    void notice(PrintWriter err, boolean canApprove) {
        warnings.forEach(warning -> err.println("agentloop: " + warning));
        CommandSandbox sandbox = agent.commandSandbox();
        PermissionMode mode = agent.permissionMode();
        if (mode == PermissionMode.YES) {
            err.println("agentloop: WARNING --yes is on: every tool call that would ask for approval runs without "
                    + "asking (mode yes). Deny rules, the workspace limits and the command sandbox still apply.");
        }
        switch (sandbox.containment()) {
            case UNAVAILABLE -> err.println("agentloop: WARNING " + sandbox.description());
            case DISABLED -> err.println("agentloop: WARNING the command sandbox is off: " + sandbox.description());
            case CONTAINED -> {
            }
        }
        if (!canApprove && mode != PermissionMode.YES) {
            err.println(ModeLine.of(mode, agent.toolsNeedingApproval()));
        }
        err.flush();
    }
}
