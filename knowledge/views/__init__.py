"""Portal pages of the knowledge app: statutes (法规检索, article and law pages), citations (引用核验, the
citation picture) and the case library (案例库). Routes in knowledge/urls.py."""
