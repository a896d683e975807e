package io.agentloop.launcher;

import io.agentloop.api.plugin.PluginSettings;
import io.agentloop.api.setting.Setting;
import java.util.List;

/** A plugin's declared settings for the launcher tests. */
public final class GuardSettings implements PluginSettings {
    @Override
    public List<Setting> settings() {
        return List.of(Setting.text("pattern", "what the guard refuses").withDefault("rm -rf *"),
                Setting.wholeNumber("max-calls", "calls allowed per run"));
    }
}
