namespace StatisticsThatMatter.Checklist;

/// <summary>
/// Which pairs Amdahl's check compares: the ones --micro and --macro name (a category or a baseline method), or the
/// pairs in the Micro and Macro categories.
/// </summary>
/// <param name="MicroSelector">The micro pair's selector.</param>
/// <param name="MacroSelector">The macro pair's selector.</param>
/// <param name="Micro">The one micro pair, or null.</param>
/// <param name="Macro">The one macro pair, or null.</param>
/// <param name="Problem">Why a pair is missing (none or several matched), or null.</param>
/// <param name="NamedPairMissing">The user named the pairs and one matched nothing: an error, not a skipped check.</param>
public sealed record AmdahlSelection(string MicroSelector, string MacroSelector, PairAnalysis? Micro, PairAnalysis? Macro, string? Problem, bool NamedPairMissing)
{
    /// <summary>True when the check is asked for (--micro, --fraction) or the reports hold both categories.</summary>
    public static bool Wanted(CheckSettings request, IReadOnlyList<PairAnalysis> analyses)
    {
        ArgumentNullException.ThrowIfNull(request);
        return request.Micro is not null || request.Fraction is not null
            || HasCategory(analyses, AmdahlCheck.MicroCategory) && HasCategory(analyses, AmdahlCheck.MacroCategory);
    }

    /// <summary>Finds the micro and macro pairs.</summary>
    public static AmdahlSelection Select(CheckSettings request, IReadOnlyList<PairAnalysis> analyses)
    {
        ArgumentNullException.ThrowIfNull(request);
        string microSelector = request.Micro ?? AmdahlCheck.MicroCategory;
        string macroSelector = request.Macro ?? AmdahlCheck.MacroCategory;
        var micro = Find(analyses, microSelector, "--micro", out string? microProblem);
        var macro = Find(analyses, macroSelector, "--macro", out string? macroProblem);
        return new AmdahlSelection(microSelector, macroSelector, micro, macro, microProblem ?? macroProblem,
            request.Micro is not null && (micro is null || macro is null));
    }

    private static bool HasCategory(IEnumerable<PairAnalysis> analyses, string category) =>
        analyses.Any(a => a.Pair.Categories.Contains(category, StringComparer.Ordinal));

    private static PairAnalysis? Find(IReadOnlyList<PairAnalysis> analyses, string selector, string option, out string? problem)
    {
        var matches = analyses.Where(a => a.Pair.Categories.Contains(selector, StringComparer.Ordinal)
                                          || a.Pair.Baseline.Method == selector).ToList();
        problem = matches.Count switch
        {
            0 => $"{option} '{selector}' matches no pair (a pair is selected by category or by its baseline's method name; pairs: " +
                 string.Join("; ", analyses.Select(a => a.Pair.Title)) + ").",
            > 1 => $"{option} '{selector}' matches {matches.Count} pairs ({string.Join("; ", matches.Select(m => m.Pair.Title))}); Amdahl's check needs exactly one.",
            _ => null,
        };
        return matches.Count == 1 ? matches[0] : null;
    }
}
