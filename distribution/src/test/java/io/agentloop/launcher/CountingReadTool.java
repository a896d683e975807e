package io.agentloop.launcher;

/**
 * The counting tool declared read-only ({@code counting_read}): a call that started and never
 * finished may simply run again. Its counter file is the test's own record, outside the workspace.
 */
public final class CountingReadTool extends CountingTool {
    public CountingReadTool() {
        super("counting_read", true);
    }
}
