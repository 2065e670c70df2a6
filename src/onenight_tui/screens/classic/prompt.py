"""(Gone: every family's private prompt is ``screens/common/prompt.PromptScreen``. This name stays only
until ``screens/classic/night.py`` imports that one; then this file is deleted.)"""

from ..common.prompt import PromptScreen as ClassicPromptScreen

__all__ = ["ClassicPromptScreen"]
