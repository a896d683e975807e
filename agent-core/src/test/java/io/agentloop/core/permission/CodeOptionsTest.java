package io.agentloop.core.permission;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.permission.Access;
import io.agentloop.api.permission.Decision;
import io.agentloop.api.tool.Tool;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Broad allow rules cover a program's ordinary use, not its options that run code or write files.
 * The programs those options would run ({@code ls}, {@code cat}, {@code sh}) are allowed too, so
 * only the option itself stands between each line and {@link Decision#ALLOW}.
 */
class CodeOptionsTest {
    private static final PermissionPolicy BROAD = PermissionPolicy.of(List.of("bash(git *)", "bash(find *)",
            "bash(xargs *)", "bash(env *)", "bash(tar *)", "bash(watch *)", "bash(ls *)", "bash(cat *)", "bash(sh *)"),
            List.of(), List.of());

    @TempDir
    Path root;
    final Tool bash = FakeTool.named("bash").returning("ok");

    private Decision judge(PermissionPolicy policy, String line) {
        return policy.judge(bash, List.of(new Access.Command(line)), SandboxWorkspace.of(root)).decision();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"git status", "git log --oneline", "git switch -c feature", "git push -u origin main",
            "git -C sub status", "find . -name '*.java'", "tar xf a.tar", "env FOO=1 ls", "ls | cat"})
    void broadAllowRulesCoverOrdinaryUse(String line) {
        assertThat(judge(BROAD, line)).isEqualTo(Decision.ALLOW);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"git -c alias.x=!sh x", "git -c core.pager='sh -c evil' log",
            "git --config-env=core.pager=X log", "git -ccore.pager=evil log", "git -C sub -c core.pager=evil log",
            "git config core.pager evil", "git log --ext-diff", "git rebase -x 'sh evil' main",
            "find . -delete", "find . -exec cat {} ;", "find . -execdir cat {} +", "find . -ok cat {} ;",
            "find . -fprint out", "find . -fprintf out %p", "find . -fls out",
            "ls | xargs cat", "watch ls", "env -S 'ls -l'", "tar xf a.tar --to-command=sh",
            "tar xf a.tar --checkpoint-action=exec=sh", "tar cf a.tar -I sh ."})
    void broadAllowRulesDoNotCoverOptionsThatRunCodeOrWrite(String line) {
        assertThat(judge(BROAD, line)).isEqualTo(Decision.ASK);
    }

    @ParameterizedTest(name = "{0} allows {1}")
    @CsvSource(delimiter = '|', textBlock = """
            bash(find . -delete)       | find . -delete
            bash(find * -delete)       | find src -delete
            bash(git -c *)             | git -c color.ui=never log
            bash(tar * --to-command=*) | tar xf a.tar --to-command=cat
            bash(xargs cat)            | xargs cat
            """)
    void anAllowRuleThatSpellsTheOptionOutCoversIt(String rule, String line) {
        assertThat(judge(BROAD.with(List.of(PermissionRule.parse(Decision.ALLOW, rule))), line))
                .isEqualTo(Decision.ALLOW);
    }
}
