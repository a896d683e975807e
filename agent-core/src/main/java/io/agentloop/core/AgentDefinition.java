package io.agentloop.core;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.format.Formatter;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.memory.CompactionStrategy;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.call.RetryPolicy;
import io.agentloop.core.compaction.SlidingWindowCompaction;
import io.agentloop.core.compaction.TruncateCompaction;
import io.agentloop.core.format.FormattedModel;
import io.agentloop.core.hook.Hooks;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.skill.SkillTool;
import io.agentloop.core.skill.Skills;
import io.agentloop.core.time.Timekeeper;
import io.agentloop.core.tool.ToolSet;
import io.agentloop.core.workspace.SandboxWorkspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an agent is made of, frozen from its {@link Agent.Builder} when it is built, and how it is put
 * together ({@link #build()}). It is also the sub-agent wiring: a sub-agent's definition is derived
 * from its parent's by {@link #forSubAgent}, one constructor call that must name every component,
 * so a part added to agents later cannot be silently left out of (or silently leak into) their
 * sub-agents. What a sub-agent takes from its parent unchanged is grouped in {@link Inherited}, and
 * passed on whole.
 *
 * @param model         empty only while a builder is still being filled in ({@link #build()} needs one)
 * @param inheritedGate for a sub-agent: its parent's permission gate (rules, approver, remembered approvals)
 * @param depth         0 for a top agent, 1 for its sub-agents, and so on
 * @param journal       where the agent's runs are recorded; a sub-agent's are not (its answer is on
 *                      record as the result of its parent's call)
 */
record AgentDefinition(String name, String description, Optional<ChatModel> model, Optional<String> systemPrompt,
                       Optional<Function<List<ToolSpec>, String>> promptWriter, List<Tool> tools,
                       List<AgentListener> listeners, RunOptions options, Optional<Skills> skills,
                       List<SubAgentProfile> subAgents, List<SubAgentProfile> agentTools,
                       Optional<Workspace> workspace, PermissionPolicy permissions, Optional<Approver> approver,
                       Optional<PermissionGate> inheritedGate, int depth, RunJournal journal, Inherited inherited) {
    /** Built on first use, off the start-up path (see ToolSet): a JSON mapper is costly on a cold JVM. */
    static final class Json {
        static final ObjectMapper MAPPER = JsonMapper.builder().build();
    }

    private static final Logger log = LoggerFactory.getLogger(Agent.class);

    AgentDefinition {
        tools = List.copyOf(tools);
        listeners = List.copyOf(listeners);
        subAgents = List.copyOf(subAgents);
        agentTools = List.copyOf(agentTools);
    }

    /**
     * The parts a sub-agent takes from its parent as they are: how it talks to the model, its hooks
     * (those that {@linkplain Hook#appliesToSubAgents() apply} to sub-agents), its time, retries and
     * memory, and the sub-agent limits.
     *
     * @param extensions    empty when the builder was given none (then only the built-in compactions exist)
     * @param secretMask    empty for the default mask of this process's secrets
     */
    record Inherited(ChatOptions chatOptions, List<Hook> hooks, Timekeeper time, RetryClassifier retryClassifier,
                     DecisionPolicy decisions, Formatter formatter, Memory memory, DoubleSupplier random,
                     TokenEstimator estimator, Optional<Extensions> extensions, ThreadFactory runThreads,
                     Optional<UnaryOperator<String>> secretMask, int maxDepth, int maxFanOut) {
        Inherited {
            hooks = List.copyOf(hooks);
        }
    }

    /**
     * The definition of a sub-agent of {@code profile}: its parts (this agent's sub-agents only if the
     * profile {@linkplain SubAgentProfile#delegates() delegates}), and this agent's rules, workspace,
     * hooks (those that {@linkplain Hook#appliesToSubAgents() apply}) and the rest. Not its
     * listeners: a sub-agent's events reach them through the parent's run. Not its skills: a
     * profile's tools are all a sub-agent is given.
     */
    AgentDefinition forSubAgent(SubAgentProfile profile, PermissionGate gate, Workspace folder) {
        boolean delegates = profile.delegates(); // else no task tool it was not given
        return new AgentDefinition(profile.name(), profile.description(), profile.model().or(() -> model),
                Optional.ofNullable(profile.systemPrompt()), Optional.empty(), profile.tools(), List.of(),
                profile.options().orElse(options), Optional.empty(), delegates ? subAgents : List.of(),
                delegates ? agentTools : List.of(), Optional.of(folder), permissions, approver, Optional.of(gate),
                depth + 1, RunJournal.NONE, inherited);
    }

    /**
     * Puts the agent together. Tool schemas compile in the background (see {@code ToolSet}); a schema
     * that is not valid JSON Schema is logged and fails that tool's calls.
     *
     * @throws IllegalArgumentException for a missing model or clashing tool names
     */
    Agent build() {
        ChatModel chatModel = model.orElseThrow(() -> new IllegalArgumentException(
                "an agent needs a chat model: call model(...) before build()"));
        List<Hook> allHooks = new ArrayList<>();
        List<AgentListener> allListeners = new ArrayList<>();
        Map<String, CompactionStrategy> strategies = new HashMap<>();
        if (inherited.extensions().isPresent()) {
            Extensions extensions = inherited.extensions().get();
            extensions.freeze();
            allHooks.addAll(extensions.hooks().all());
            if (depth == 0) { // a sub-agent's events reach them through its parent's run, tagged
                allListeners.addAll(extensions.listeners().all());
            }
            extensions.compactionStrategies().all().forEach(s -> strategies.put(s.name(), s));
        } else {
            for (CompactionStrategy builtIn : List.of(new TruncateCompaction(), new SlidingWindowCompaction())) {
                strategies.put(builtIn.name(), builtIn);
            }
        }
        allHooks.addAll(inherited.hooks());
        if (depth > 0) {
            allHooks.removeIf(hook -> !hook.appliesToSubAgents());
        }
        allListeners.addAll(listeners);
        Workspace folder = workspace.orElseGet(() -> SandboxWorkspace.of(Path.of("").toAbsolutePath()));
        PermissionGate gate = inheritedGate.orElseGet(() -> new PermissionGate(permissions, approver));
        Map<String, EventPublisher> liveRuns = new ConcurrentHashMap<>();
        List<Tool> allTools = offeredTools(new SubAgentRunner(profile -> forSubAgent(profile, gate, folder).build(),
                liveRuns, depth, inherited.maxDepth(), inherited.maxFanOut()));
        String prompt = promptWriter.map(writer -> writer.apply(allTools.stream().map(Tool::spec).toList()))
                .or(() -> systemPrompt).orElse(null);
        if (skills.isPresent() && !skills.get().isEmpty()) {
            prompt = prompt == null ? skills.get().prompt() : prompt + "\n\n" + skills.get().prompt();
        }
        ToolSet toolSet = new ToolSet(allTools, () -> Json.MAPPER);
        List<String> needApproval = approver.isPresent() || inheritedGate.isPresent() ? List.of()
                : permissions.needApproval(tools, folder);
        if (!needApproval.isEmpty()) {
            log.warn("With no approver, every call of these tools pauses the run for a person's approval under "
                    + "the permission rules in mode {}: {}. Go on with Agent.resume and their decisions, add allow "
                    + "rules, choose a mode that lets them run, or give the agent an approver", permissions.mode(),
                    needApproval);
        }
        LoopSettings settings = new LoopSettings(FormattedModel.of(chatModel, inherited.formatter()),
                inherited.chatOptions(), toolSet, new Hooks(allHooks), allListeners, options,
                RetryPolicy.from(options, inherited.random(), inherited.retryClassifier()), inherited.time(),
                strategies, inherited.estimator(), folder, gate,
                inherited.secretMask().orElseGet(() -> SecretRedactor.forToolResults(System.getenv())),
                inherited.decisions(), inherited.memory(), journal, inheritedGate.isEmpty());
        return new Agent(settings, prompt, inherited.runThreads(), needApproval, name, description, liveRuns);
    }

    /** The tools the agent offers: its own, and those it adds for its skills and sub-agents, run by {@code runner}. */
    List<Tool> offeredTools(SubAgentRunner runner) {
        List<Tool> offered = new ArrayList<>(tools);
        if (skills.isPresent() && !skills.get().isEmpty()) {
            offered.add(new SkillTool(skills.get()));
        }
        if (!subAgents.isEmpty()) {
            offered.add(SubAgentTool.task(subAgents, runner));
        }
        agentTools.forEach(profile -> offered.add(SubAgentTool.of(profile, runner)));
        return offered;
    }
}
