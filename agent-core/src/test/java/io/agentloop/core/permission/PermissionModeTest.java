package io.agentloop.core.permission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A run may narrow its host's mode, never widen it: the one rule served and durable runs share. */
class PermissionModeTest {
    @Test
    void aModeWithinItsBoundIsKept() {
        assertThat(PermissionMode.ASK.within(PermissionMode.YES, "the workers allow")).isEqualTo(PermissionMode.ASK);
        assertThat(PermissionMode.EDIT.within(PermissionMode.EDIT, "the server allows")).isEqualTo(PermissionMode.EDIT);
    }

    @Test
    void aWiderModeIsRefusedNamingTheBoundAndTheModesAllowed() {
        assertThatThrownBy(() -> PermissionMode.AUTO.within(PermissionMode.EDIT, "the server allows"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mode auto is wider than the server allows (edit): ask for ask or edit");
    }
}
