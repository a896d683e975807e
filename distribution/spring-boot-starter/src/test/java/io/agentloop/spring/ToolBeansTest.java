package io.agentloop.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.ToolMethod;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;

class ToolBeansTest {
    /** A bean with a tool method. */
    public static class Greeter {
        @ToolMethod(description = "Greets someone.", readOnly = true)
        public String greet(@Param(name = "name") String name) {
            return "hello " + name;
        }
    }

    /** A bean with no tool method, which must not be created to find that out. */
    public static class Expensive {
        public Expensive() {
            throw new IllegalStateException("created");
        }
    }

    @Test
    void beansWithToolMethodsBecomeToolsAndOthersAreNotCreated() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerBeanDefinition("greeter", new RootBeanDefinition(Greeter.class));
        beans.registerBeanDefinition("expensive", new RootBeanDefinition(Expensive.class));

        assertThat(ToolBeans.in(beans)).extracting(tool -> tool.spec().name()).containsExactly("greet");
    }

    @Test
    void aBeanBehindAnAopProxyIsRefusedNamingTheBeanAndWhatToDo() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        ProxyFactory proxy = new ProxyFactory(new Greeter());
        proxy.setProxyTargetClass(true);
        beans.registerSingleton("greeter", proxy.getProxy());

        assertThatThrownBy(() -> ToolBeans.in(beans)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bean 'greeter' (" + Greeter.class.getName() + ")")
                .hasMessageContaining("Move the tool methods to a bean without advice");
    }

    @Test
    void aToolMethodThatCannotBeAToolNamesTheBean() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("broken", new Object() {
            @ToolMethod(description = "Takes what no schema describes.")
            public String take(Thread thread) {
                return "";
            }
        });

        assertThatThrownBy(() -> ToolBeans.in(beans)).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("bean 'broken': ");
    }
}
