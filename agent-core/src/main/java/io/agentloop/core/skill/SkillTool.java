package io.agentloop.core.skill;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code skill}: loads a skill's instructions (the body of its {@code SKILL.md}) when the model
 * asks for one by name, with the paths of the other files in its folder, for the file tools.
 */
public final class SkillTool implements Tool {
    public static final String NAME = "skill";
    private static final int MAX_FILES = 50;

    private final Skills skills;
    private final ToolSpec spec;

    public SkillTool(Skills skills) {
        this.skills = skills;
        this.spec = ToolSpec.builder(NAME).description("Loads a skill's instructions by name (the skills are "
                        + "listed in the system prompt).")
                .parameter("name", Map.of("type", "string", "enum", skills.all().stream().map(Skills.Skill::name)
                        .toList(), "description", "the skill"), true).build();
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException {
        Skills.Skill skill = skills.get(arguments.requireString("name")).orElseThrow();
        StringBuilder text = new StringBuilder(skill.body());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(skill.folder())) {
            files = walk.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals(Skills.FILE))
                    .sorted().limit(MAX_FILES).toList();
        }
        if (!files.isEmpty()) {
            text.append("\n\nFiles of this skill (read them when the instructions refer to them):");
            files.forEach(f -> text.append("\n- ").append(f));
        }
        return ToolResult.success(text.toString());
    }
}
