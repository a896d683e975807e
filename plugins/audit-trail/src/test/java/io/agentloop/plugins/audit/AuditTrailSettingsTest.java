package io.agentloop.plugins.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.plugin.PluginSettings;
import io.agentloop.api.setting.Setting;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The audit trail declares the setting it reads, where the platform finds declarations. */
class AuditTrailSettingsTest {
    @Test
    void thePluginDeclaresItsFileSettingAsAService() {
        assertThat(ServiceLoader.load(PluginSettings.class).stream().map(ServiceLoader.Provider::get)
                .flatMap(declaration -> declaration.settings().stream()).map(Setting::name))
                .containsExactly("file");
    }
}
