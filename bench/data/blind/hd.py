import pickle,sys
arts=pickle.load(open('/tmp/arts.pkl','rb'))
law=sys.argv[1]; W=int(sys.argv[2])
names=sorted({k[0] for k in arts if law in k[0]}, key=len); nm=names[0]
print('##',nm)
for n in sys.argv[3:]:
    a,b=(map(int,n.split('-')) if '-' in n else (int(n),int(n)))
    for i in range(a,b+1):
        t=arts.get((nm,i),'<<NONE>>').replace('\n',' ')
        print(i,t[:W])
