namespace LabScripts.Tests;

/// <summary>scripts/lib/perf.sh: the collapser, the paranoid level, the event list.</summary>
public class PerfHelperTests
{
    [Fact]
    public void Perf_script_output_folds_into_stacks_with_dotnet_names_and_dso_fallbacks()
    {
        const string script = """
            HardwareCounter 4242 [001] 100.000001:   10101010 cpu-clock:
            	    7f0000001000 instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1]+0x1c (/tmp/perf-4242.map)
            	    7f0000002000 [unknown] (/memfd:doublemapper (deleted))
            	    7f0000003000 __libc_start_call_main+0x80 (/usr/lib/x86_64-linux-gnu/libc.so.6)

            HardwareCounter 4242 [001] 100.010001:   10101010 cpu-clock:
            	    7f0000001000 instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1]+0x20 (/tmp/perf-4242.map)
            	    7f0000002000 [unknown] (/memfd:doublemapper (deleted))
            	    7f0000003000 __libc_start_call_main+0x80 (/usr/lib/x86_64-linux-gnu/libc.so.6)

            dotnet 4243 [000] 100.020001:   10101010 cpu-clock:
            	    ffffffff81000000 clear_page_erms+0x7 ([kernel.kallsyms])

            """;
        string file = Path.GetTempFileName();
        try
        {
            File.WriteAllText(file, script.Replace("\r", "", StringComparison.Ordinal));

            var result = Bash.Code($"lab_perf_collapse < '{file}' | sort");

            result.ExitCode.Should().Be(0, result.ToString());
            result.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Should().Equal(
                "HardwareCounter;__libc_start_call_main;[memfd:doublemapper (deleted)];instance int64 [HardwareCounters] HardwareCounters.AccessPatterns::SumRandom()[OptimizedTier1] 2",
                "dotnet;clear_page_erms 1");
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Theory]
    [InlineData("2", "user space only")]
    [InlineData("3", "may not use perf events at all")]
    [InlineData("-1", "no restrictions")]
    public void The_paranoid_level_is_explained(string level, string expected)
    {
        string file = Path.GetTempFileName();
        try
        {
            File.WriteAllText(file, level + "\n");

            var result = Bash.Code("lab_perf_explain_paranoid", new Dictionary<string, string> { ["LAB_PERF_PARANOID_FILE"] = file });

            result.Stdout.Should().Contain($"perf_event_paranoid={level}").And.Contain(expected);
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public void The_perf_stat_event_list_is_the_posts_plus_the_software_events() =>
        Bash.Code("lab_perf_event_list").Stdout.Trim().Should().Be(
            "cycles,instructions,cache-references,cache-misses,branch-instructions,branch-misses,L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses,task-clock,context-switches,cpu-migrations,page-faults");
}
