package io.agentloop.core.skill;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.core.Agent;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Skill folders: descriptions in the prompt, a body only when the model asks, malformed ones reported. */
class SkillsTest {
    private static final String BODY = "To fill a form, list its fields with fields.py, then write each value.";

    @TempDir
    Path root;

    @BeforeEach
    void folders() throws Exception {
        Path forms = Files.createDirectories(root.resolve("pdf-forms"));
        Files.writeString(forms.resolve("SKILL.md"), "---\nname: pdf-forms\ndescription: \"Fills in PDF forms; use "
                + "when asked to complete a form.\"\n---\n\n" + BODY + "\n");
        Files.writeString(forms.resolve("fields.py"), "print('fields')\n");
        Files.writeString(Files.createDirectories(root.resolve("broken")).resolve("SKILL.md"), "Just some notes.\n");
        Files.writeString(Files.createDirectories(root.resolve("nameless")).resolve("SKILL.md"),
                "---\ndescription: no name here\n---\nbody\n");
    }

    @Test
    void malformedSkillFilesAreOneProblemLineEachAndTheRestLoads() {
        Skills skills = Skills.in(List.of(root, root.resolve("missing")));

        assertThat(skills.all()).extracting(Skills.Skill::name).containsExactly("pdf-forms");
        assertThat(skills.problems()).containsExactly(
                root.resolve("broken/SKILL.md") + " has no front matter: start it with lines '---', 'name: <name>', "
                        + "'description: <when to use it>', '---'; the skill is left out",
                root.resolve("nameless/SKILL.md") + " has no name in its front matter; the skill is left out");
    }

    @Test
    void theDescriptionIsInTheFirstRequestAndTheBodyOnlyAfterTheModelAsks() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "skill", "{\"name\":\"pdf-forms\"}")).answer("Done.").build();

        Agent.builder().model(model).systemPrompt("Be brief.").skills(Skills.in(List.of(root))).build()
                .run("Fill in the tax form.");

        String system = ((SystemMessage) model.requests().getFirst().messages().getFirst()).text();
        assertThat(system).startsWith("Be brief.").contains("- pdf-forms: Fills in PDF forms; use when asked to "
                + "complete a form.").doesNotContain(BODY);
        assertThat(model.requests().getFirst().tools()).extracting(t -> t.name()).contains("skill");
        String loaded = ((ToolMessage) model.requests().get(1).messages().getLast()).results().getFirst().content();
        assertThat(loaded).startsWith(BODY).contains(root.resolve("pdf-forms/fields.py").toString())
                .doesNotContain("SKILL.md");
    }
}
