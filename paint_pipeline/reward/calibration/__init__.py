"""What measures the reward and never decides a score: the labelled calibration set and its orderings
(`labelled`), the hack corpus and its report against honest art, and the judge matrix. The reward version
leaves this folder out, so a new report never invalidates a score.
"""
