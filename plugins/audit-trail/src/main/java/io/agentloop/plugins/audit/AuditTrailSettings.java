package io.agentloop.plugins.audit;

import io.agentloop.api.plugin.PluginSettings;
import io.agentloop.api.setting.Setting;
import java.util.List;

/** The audit trail's one setting, for the launcher to check and list. */
public final class AuditTrailSettings implements PluginSettings {
    @Override
    public List<Setting> settings() {
        return List.of(Setting.text("file", "the file the audit lines are appended to")
                .withDefault("AGENTLOOP_AUDIT_LOG, else audit.jsonl in the data folder"));
    }
}
