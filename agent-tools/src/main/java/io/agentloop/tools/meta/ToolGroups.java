package io.agentloop.tools.meta;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's tools in groups, and which groups each run has switched off: the state behind
 * {@link MetaTool}, and the hook that applies it, taking a switched-off group's tools out of every
 * later request of that run (and refusing a call the model still makes to one of them). The groups hold only tools the agent was given (its permissions and
 * {@code tools.disabled} already applied), so switching a group on never adds a tool beyond them;
 * tools in no group (the meta tool itself, sub-agents, skills) are always offered. Every group is on
 * when a run starts.
 *
 * <p>The built-in tools are grouped by feature ({@code file}, {@code shell}, {@code web},
 * {@code plan}, {@code batch}, {@code system}); every other tool the agent has is in
 * {@code extensions}.
 */
public final class ToolGroups implements PreReasoningHook, ActingInterceptor {
    private static final Map<String, List<String>> BUILT_IN = builtIn();
    static final String EXTENSIONS = "extensions";

    private final Map<String, List<String>> groups;
    private final Map<String, Set<String>> offByRun = new ConcurrentHashMap<>();

    private ToolGroups(Map<String, List<String>> groups) {
        this.groups = groups;
    }

    private static Map<String, List<String>> builtIn() {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("file", List.of("read", "write", "edit", "list", "glob", "grep"));
        groups.put("shell", List.of("bash", "python"));
        groups.put("web", List.of("fetch"));
        groups.put("plan", List.of("todo"));
        groups.put("batch", List.of("batch"));
        groups.put("system", List.of("system_info"));
        return groups;
    }

    /** The groups of the tools named {@code toolNames} (the agent's), empty groups left out. */
    public static ToolGroups of(List<String> toolNames) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        List<String> grouped = new ArrayList<>();
        BUILT_IN.forEach((group, members) -> {
            List<String> present = members.stream().filter(toolNames::contains).toList();
            if (!present.isEmpty()) {
                groups.put(group, present);
                grouped.addAll(present);
            }
        });
        List<String> rest = toolNames.stream().filter(name -> !grouped.contains(name) && !name.equals(MetaTool.NAME))
                .toList();
        if (!rest.isEmpty()) {
            groups.put(EXTENSIONS, rest);
        }
        return new ToolGroups(Map.copyOf(groups));
    }

    /** Every group, in a fixed order, with its tools. */
    public Map<String, List<String>> groups() {
        Map<String, List<String>> ordered = new LinkedHashMap<>();
        BUILT_IN.keySet().stream().filter(groups::containsKey).forEach(g -> ordered.put(g, groups.get(g)));
        if (groups.containsKey(EXTENSIONS)) {
            ordered.put(EXTENSIONS, groups.get(EXTENSIONS));
        }
        return ordered;
    }

    /** Whether {@code group} is on in the run {@code runId}. */
    public boolean isOn(String runId, String group) {
        return !offByRun.getOrDefault(runId, Set.of()).contains(group);
    }

    /** Switches {@code group} (one of {@link #groups()}) on or off for the rest of the run {@code runId}. */
    void set(String runId, String group, boolean on) {
        Set<String> off = offByRun.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet());
        if (on) {
            off.remove(group);
        } else {
            off.add(group);
        }
    }

    /** The request without the tools of the groups this run switched off. */
    @Override
    public ChatRequest beforeReasoning(ChatRequest request, HookContext context) {
        Set<String> off = offByRun.getOrDefault(context.runId(), Set.of());
        if (off.isEmpty()) {
            return request;
        }
        List<String> hidden = off.stream().flatMap(group -> groups.getOrDefault(group, List.of()).stream()).toList();
        List<ToolSpec> offered = request.tools().stream().filter(tool -> !hidden.contains(tool.name())).toList();
        return request.withTools(offered);
    }

    /** A call to a tool of a group switched off is refused: the model was told it is off. */
    @Override
    public ToolResult intercept(Chain chain) {
        String tool = chain.call().name();
        for (String group : offByRun.getOrDefault(chain.context().runId(), Set.of())) {
            if (groups.getOrDefault(group, List.of()).contains(tool)) {
                return ToolResult.failure(ToolResult.Failure.DENIED, "the tool group '" + group + "' (with " + tool
                        + ") is switched off for this run; switch it on with " + MetaTool.NAME + " to use " + tool);
            }
        }
        return chain.proceed(chain.call());
    }

    /** Runs the hook in the agent's own runs only: a sub-agent's tools are chosen by its profile. */
    @Override
    public boolean appliesToSubAgents() {
        return false;
    }
}
