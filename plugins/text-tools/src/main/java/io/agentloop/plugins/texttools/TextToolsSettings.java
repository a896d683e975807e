package io.agentloop.plugins.texttools;

import io.agentloop.api.plugin.PluginSettings;
import io.agentloop.api.setting.Setting;
import java.util.List;

/** The text tools read no settings: declared, so that a {@code plugins.text-tools.*} key is refused, not ignored. */
public final class TextToolsSettings implements PluginSettings {
    @Override
    public List<Setting> settings() {
        return List.of();
    }
}
