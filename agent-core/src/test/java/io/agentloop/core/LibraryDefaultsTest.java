package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.permission.Access;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolMethod;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.RecordingListener;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a program that embeds an agent gets without choosing: the tools it registers run with no
 * approver, and a call a policy denies says so, in its result and its events, naming the builder
 * call that decides.
 */
class LibraryDefaultsTest {
    @TempDir
    Path root;

    /** Tools as a program writes them: neither says it only reads. */
    public static final class Notes {
        final List<String> saved = Collections.synchronizedList(new ArrayList<>());

        @ToolMethod(description = "Saves a note.")
        public String note(@Param(name = "text") String text) {
            saved.add(text);
            return "noted";
        }
    }

    /** A tool that writes the file it is given, and says so. */
    static final class WriteTool implements Tool {
        @Override
        public ToolSpec spec() {
            return ToolSpec.builder("save").description("Saves text to a file.").stringParameter("path", "where", true)
                    .build();
        }

        @Override
        public List<Access> accesses(ToolArguments arguments) {
            return List.of(new Access.Write(arguments.requireString("path")));
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            try {
                Files.writeString(context.workspace().resolve(arguments.requireString("path")), "saved");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return ToolResult.success("saved");
        }
    }

    private static ScriptedChatModel calls(ToolCall... calls) {
        return ScriptedChatModel.script().toolCalls(calls).answer("done").build();
    }

    @Test
    void toolsRegisteredInCodeRunWithoutAnApprover() {
        Notes notes = new Notes();
        RecordingListener events = new RecordingListener();
        Agent agent = Agent.builder()
                .model(calls(ToolCall.of("c1", "note", "{\"text\":\"milk\"}"),
                        ToolCall.of("c2", "save", "{\"path\":\"list.txt\"}")))
                .tools(AnnotatedTools.from(notes)).tools(new WriteTool())
                .workspace(SandboxWorkspace.of(root)).listeners(events).build();

        RunResult result = agent.run("Note milk and save the list");

        assertThat(result.success()).as(result.toString()).isTrue();
        assertThat(notes.saved).containsExactly("milk");
        assertThat(root.resolve("list.txt")).hasContent("saved");
        assertThat(events.ofType(AgentEvent.ToolCallCompleted.class)).extracting(AgentEvent.ToolCallCompleted::ok)
                .containsExactly(true, true);
        assertThat(agent.toolsNeedingApproval()).isEmpty();
    }

    @Test
    void aCallThePolicyDeniesSaysSoInItsResultAndEventsNamingTheBuilderCall() {
        Notes notes = new Notes();
        RecordingListener events = new RecordingListener();
        Agent agent = Agent.builder().model(calls(ToolCall.of("c1", "note", "{\"text\":\"milk\"}")))
                .tools(AnnotatedTools.from(notes)).workspace(SandboxWorkspace.of(root)).listeners(events)
                .permissions(PermissionPolicy.of(List.of(), List.of(), List.of("note"))).build();

        RunResult result = agent.run("Note milk");

        assertThat(notes.saved).isEmpty();
        assertThat(result.toolCalls()).singleElement().satisfies(call -> assertThat(call.result().content())
                .contains("denied by policy").contains("Agent.builder().permissions(...)"));
        assertThat(events.ofType(AgentEvent.ToolCallCompleted.class)).singleElement().satisfies(completed -> {
            assertThat(completed.ok()).isFalse();
            assertThat(completed.result().content()).contains("Agent.builder().permissions(...)");
        });
        assertThat(events.ofType(AgentEvent.ToolError.class)).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(ToolResult.Failure.DENIED);
            assertThat(error.message()).contains("denied by policy").contains("Agent.builder().permissions(...)")
                    .doesNotContain("--mode").doesNotContain("--yes").doesNotContain("permissions.allow");
        });
    }
}
