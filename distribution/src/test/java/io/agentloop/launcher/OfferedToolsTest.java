package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.tools.shell.BashTool;
import io.agentloop.tools.shell.PythonTool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The python tool is offered only where the workspace's commands find a python3. */
class OfferedToolsTest {

    private static List<String> names(List<Tool> tools) {
        return tools.stream().map(t -> t.spec().name()).toList();
    }

    @Test
    void withoutPython3OnThePathThePythonToolIsLeftOutAndSaidSo() {
        List<Tool> tools = new ArrayList<>(List.of(new BashTool(), new PythonTool()));

        assertThat(OfferedTools.withoutMissingPython(tools, Map.of("PATH", "/nonexistent-bin")))
                .hasValueSatisfying(notice -> assertThat(notice).startsWith("the python tool is not offered: there is "
                        + "no python3 on the PATH").contains("tools.disabled"));
        assertThat(names(tools)).containsExactly("bash");
    }

    @Test
    void withPython3OnThePathThePythonToolStaysAndNothingIsSaid() {
        List<Tool> tools = new ArrayList<>(List.of(new BashTool(), new PythonTool()));

        assertThat(OfferedTools.withoutMissingPython(tools, Map.of("PATH", System.getenv("PATH")))).isEmpty();
        assertThat(names(tools)).containsExactly("bash", "python");
    }
}
